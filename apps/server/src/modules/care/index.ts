/** What other modules may call of creator care (issue #13: capacity protection, blocked senders). */
export { isBlocked, isBlockedSql, recordBlock } from './blocks';
export { type CapacityLimits, pauseMessage, pauseOf } from './capacity';
export { forgetCapacity, getCapacity, updateCapacity } from './capacity-settings';
export { listBlockedFans } from './list-blocked-fans';
export { unblockFan } from './unblock-fan';
