// The server validates the contact form with the same schema (modules/support).
export { type TContactRequest, ZContactRequest } from '@fanline/contracts';
