import { contiguousFreePorts } from '@fanline/server/testing/free-ports';

/**
 * A port free right now on 127.0.0.1 (released before it returns, so another process can take it),
 * below the kernel's ephemeral range as the server's tests take theirs (testing/free-ports.ts).
 */
export function freePort(): Promise<number> {
  return contiguousFreePorts(1);
}
