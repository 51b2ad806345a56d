import { COMMISSION_PERCENT, PRICE_DOLLARS, RESPONSE_WINDOW_HOURS, type TPublicConfig } from '@fanline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The defaults of spec §9, shown only until the server's answer arrives (or if it cannot be had). Read
 * from the few constants they need rather than LIMITS, which would come along into the entry.
 */
export const FALLBACK_CONFIG: TPublicConfig = {
  responseWindowHours: RESPONSE_WINDOW_HOURS.default,
  commissionPercent: COMMISSION_PERCENT.default,
  creatorSharePercent: 100 - COMMISSION_PERCENT.default,
  price: {
    minDollars: PRICE_DOLLARS.minDollars,
    maxDollars: PRICE_DOLLARS.maxDollars,
    defaultDollars: PRICE_DOLLARS.defaultDollars,
    stepDollars: PRICE_DOLLARS.stepDollars,
  },
  paymentMode: 'hold',
  maintenanceMode: false,
  registrationOpen: true,
  requireCreatorVerification: true,
  // Nothing is measured until the server has said how much to sample.
  vitalsSampleRate: 0,
  demoMode: false,
  mailboxUrl: null,
};

export const platformConfigKey = ['platform-config'] as const;

export const platformConfigQuery = () =>
  queryOptions({
    queryKey: platformConfigKey,
    queryFn: ({ signal }) => api<TPublicConfig>('/config', { signal }),
    staleTime: 60_000,
  });

/**
 * The live platform settings the copy promises (ARCHITECTURE §8): response window, commission, price
 * bounds, whether money is held or charged. Never a literal in the UI.
 */
export function usePlatformConfig(): TPublicConfig {
  const { data } = useQuery(platformConfigQuery());
  return data ?? FALLBACK_CONFIG;
}

/** "24 hours", "1 hour". */
export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * Fills the placeholders of copy that states a platform setting: {hours} "24 hours", {hour} "24-hour",
 * {share} "75%", {fee} "25%", {min} "$5", {max} "$500", and any `extra` values a feature adds (the message
 * dialog's {notCharged} and {released}: features/messaging/money-back-copy.ts, out of the first load).
 */
export function fillCopy(text: string, config: TPublicConfig, extra?: Record<string, string>): string {
  const values: Record<string, string> = {
    ...extra,
    hours: formatHours(config.responseWindowHours),
    hour: `${config.responseWindowHours}-hour`,
    share: `${config.creatorSharePercent}%`,
    fee: `${config.commissionPercent}%`,
    min: `$${config.price.minDollars}`,
    max: `$${config.price.maxDollars}`,
  };
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** A hook form of fillCopy for components. */
export function useCopy(extra?: (config: TPublicConfig) => Record<string, string>): (text: string) => string {
  const config = usePlatformConfig();
  return (text) => fillCopy(text, config, extra?.(config));
}
