/** The support inbox (issue #12): the public contact form and what admins do with its messages. */
export { eraseContactMessages } from './erase-contact-messages';
export { listContactMessages } from './list-contact-messages';
export { markContactMessageHandled } from './mark-contact-message-handled';
export { CONTACT_LIMITS_PER_HOUR, submitContactMessage } from './submit-contact-message';
