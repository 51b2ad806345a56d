import { z } from 'zod';
import { ZText } from './common';
import { LIMITS } from './limits';

/** What a Threads verification found (spec §3 Threads verification result profile_data). */
export const ZThreadsProfileData = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
  biography: z.string().nullable(),
  follower_count: z.number().int().nullable(),
});
export type TThreadsProfileData = z.input<typeof ZThreadsProfileData>;

export const ZThreadsConfigResponse = z.object({
  /** 'oauth' with a configured Threads app; 'simulated' outside production without one. */
  mode: z.enum(['oauth', 'simulated', 'unavailable']),
  clientId: z.string().nullable(),
  redirectUri: z.string(),
  authorizeUrl: z.string().nullable(),
  scope: z.string(),
});
export type TThreadsConfigResponse = z.input<typeof ZThreadsConfigResponse>;

export const ZThreadsStartRequest = z.object({
  username: ZText.trim().min(1, 'Please enter a username').max(LIMITS.handleInput.max),
});
export const ZThreadsStartResponse = z.object({
  mode: z.enum(['oauth', 'simulated']),
  /** The provider's authorization URL to open in the popup (oauth mode). */
  authorizeUrl: z.string().nullable(),
});
export type TThreadsStartResponse = z.input<typeof ZThreadsStartResponse>;

export const ZThreadsCompleteRequest = z.object({
  code: ZText.min(1).max(2000),
  state: ZText.min(1).max(2000),
});
export const ZThreadsSimulateRequest = z.object({
  username: ZText.trim().min(1, 'Please enter a username').max(LIMITS.handleInput.max),
});

export const ZVerificationResponse = z.object({
  verified: z.boolean(),
  profile_data: ZThreadsProfileData.nullable(),
});
export type TVerificationResponse = z.input<typeof ZVerificationResponse>;
