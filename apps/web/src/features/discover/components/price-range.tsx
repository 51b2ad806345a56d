import { useEffect, useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Slider } from '../../../components/ui/slider';
import { usePriceRange } from '../hooks/use-price-range';
import { clampPrice } from '../utils/browse-filters';

interface PriceRangeProps {
  min: number;
  max: number;
  /** Called when a change settles: a released thumb, or a number field left or confirmed with Enter. */
  onCommit: (min: number, max: number) => void;
}

/** spec §9: price from 0 to the live maximum in the live step, as a two-thumb slider with number fields. */
export function PriceRange({ min, max, onCommit }: PriceRangeProps) {
  const id = useId();
  const bounds = usePriceRange();
  const [range, setRange] = useState<[number, number]>([min, max]);
  const [text, setText] = useState<[string, string]>([String(min), String(max)]);
  useEffect(() => {
    setRange([min, max]);
    setText([String(min), String(max)]);
  }, [min, max]);

  const commit = (next: [number, number]) => {
    const ordered: [number, number] = next[0] <= next[1] ? next : [next[1], next[0]];
    setRange(ordered);
    setText([String(ordered[0]), String(ordered[1])]);
    if (ordered[0] !== min || ordered[1] !== max) onCommit(ordered[0], ordered[1]);
  };
  const commitText = () => commit([clampPrice(text[0], range[0], bounds), clampPrice(text[1], range[1], bounds)]);

  const field = (index: 0 | 1, label: string) => (
    <div className="flex-1">
      <label htmlFor={`${id}-${index}`} className="mb-1 block text-xs text-slate-500">
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">$</span>
        <Input
          id={`${id}-${index}`}
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          className="pl-6"
          value={text[index]}
          onChange={(event) =>
            setText((current) => (index === 0 ? [event.target.value, current[1]] : [current[0], event.target.value]))
          }
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitText();
            }
          }}
        />
      </div>
    </div>
  );

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Price range</legend>
      <p className="mb-3 text-xs text-slate-500">
        ${range[0]} – ${range[1]}
      </p>
      <Slider
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        minStepsBetweenThumbs={0}
        value={range}
        thumbLabels={['Minimum price', 'Maximum price']}
        onValueChange={(value) => {
          setRange([value[0] ?? range[0], value[1] ?? range[1]]);
          setText([String(value[0] ?? range[0]), String(value[1] ?? range[1])]);
        }}
        onValueCommit={(value) => commit([value[0] ?? range[0], value[1] ?? range[1]])}
      />
      <div className="mt-3 flex gap-3">
        {field(0, 'Min price')}
        {field(1, 'Max price')}
      </div>
    </fieldset>
  );
}
