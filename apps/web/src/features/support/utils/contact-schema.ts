import { z } from 'zod';

// spec §2 Support: the form sends nothing, so there is no server schema to share yet. When an endpoint
// arrives, this moves to @fanline/contracts and the server validates with it too.
export const ZContactRequest = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Please keep your name under 100 characters.'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .pipe(z.email('Please enter a valid email address.')),
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject.')
    .max(150, 'Please keep the subject under 150 characters.'),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message.')
    .max(2000, 'Please keep your message under 2,000 characters.'),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
