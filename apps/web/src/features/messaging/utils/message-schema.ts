// The message rules' zod schema on its own, so the message dialog can load it after it has opened
// (validate-message.ts): zod's evaluation is ~20 ms of main thread, which a visitor's click on
// "Message @…" should not wait for (decision 0037).
export { ZMessageContent } from '@fanline/contracts';
