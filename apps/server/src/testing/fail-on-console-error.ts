import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test (STYLE.md Tests); a test that expects one mocks it itself.
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`);
  }
});
