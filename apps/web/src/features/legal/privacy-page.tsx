import { ACCOUNT_DELETION_GRACE_DAYS, DATA_EXPORT_DAYS, RECORDS_RETENTION_YEARS, VITALS } from '@fanline/contracts';
import { Link } from 'react-router';
import { paths, SUPPORT_EMAIL } from '../../paths';
import { LegalDocument, LegalList, LegalSection } from './components/legal-document';

const mail = (
  <a className="font-medium text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

/**
 * /privacy (issue 36): what Fanline stores, for how long, and what a user may ask for. It describes
 * what this codebase keeps (the tables in apps/server/src/db/schema), not a generic template.
 */
export function Component() {
  return (
    <LegalDocument
      title="Privacy Policy"
      current={paths.privacy}
      summary={
        <p>
          We keep what it takes to run paid messages between you and creators: your account, your messages and replies,
          and the record of every payment. We never see or store your card number. You can ask for a copy of your data,
          have it corrected, or have your account deleted; payment records are kept as long as tax law requires.
        </p>
      }
    >
      <LegalSection id="what-we-store" title="1. What we store">
        <LegalList>
          <li>
            <strong>Your account:</strong> email address, a password hash (never the password itself), display name,
            username, and what you add to your profile: bio, photo, cover image, time zone, notification choices.
          </li>
          <li>
            <strong>If you are a creator:</strong> your price, availability and limits, categories, portfolio images,
            the social account you verified with (its username and public profile details), and the identifier of your
            payout account at our payment provider. Your bank details stay with the provider.
          </li>
          <li>
            <strong>Messages:</strong> the messages you send and receive, replies, follow-ups, images you attach,
            decline reasons, reviews, reports and support requests.
          </li>
          <li>
            <strong>Payments:</strong> for every message, its amount, the fee, the creator’s share, its status and
            dates, and the payment provider’s reference. Card numbers are entered on the provider’s page and never reach
            our servers.
          </li>
          <li>
            <strong>Sign-ins and activity:</strong> your active sessions (with the browser and network address that
            opened them, so you can recognise them), when you were last active, and which creator profiles signed-in
            visitors viewed, which creators see only as counts.
          </li>
          <li>
            <strong>Page speed:</strong> anonymous load-time measurements per page, kept as daily totals with no link to
            you.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="why" title="2. Why we use it">
        <p>
          To run your account and deliver messages, to take and return payments and pay creators, to send the mails you
          asked for (you can turn off every non-security mail in your settings or from the link in each mail), to keep
          the service safe (rate limits, moderation of reported content) and to meet tax and accounting duties. We do
          not sell your data and do not show advertising.
        </p>
      </LegalSection>

      <LegalSection id="who-sees" title="3. Who else sees it">
        <LegalList>
          <li>The creator you message sees your display name, username, photo and what you write to them.</li>
          <li>Anyone can see a creator’s public profile and the reviews fans publish on it.</li>
          <li>
            Our payment provider processes payments and payouts; our mail provider delivers mails. They act on our
            instructions.
          </li>
          <li>Our staff see what they need to handle support requests, reports and payments.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="how-long" title="4. How long we keep it">
        <LegalList>
          <li>
            Account, profile and messages: while your account exists. When you close it, {ACCOUNT_DELETION_GRACE_DAYS}{' '}
            days later.
          </li>
          <li>Sessions: until you sign out or they expire.</li>
          <li>Password-reset and confirmation links: until used or expired; only a hash is stored.</li>
          <li>Page-speed totals: {VITALS.retentionDays} days.</li>
          <li>
            Payment and ledger records (amounts, fees, dates, payouts): {RECORDS_RETENTION_YEARS} years after the end of
            the year of the payment, as tax and accounting law requires, also after an account is deleted. After
            deletion they name no one: the account in them is a pseudonym. These cannot be erased on request.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="rights" title="5. Your rights">
        <LegalList>
          <li>
            <strong>Access and export:</strong> “Download my data” in the Security tab of{' '}
            <Link className="font-medium text-brand-700 underline" to={`${paths.profile}?tab=security`}>
              Edit Profile
            </Link>{' '}
            (creators: Settings, Security) gives you a zip of everything we hold about you: your account and settings,
            conversations, payments, earnings and payouts, reviews, notifications and the images you uploaded. We email
            you when it is ready; the download works for {DATA_EXPORT_DAYS} days, only for you.
          </li>
          <li>
            <strong>Correction:</strong> change your name, username, bio and photo in{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.profile}>
              Edit Profile
            </Link>{' '}
            (creators in their dashboard settings); for anything else, write to us.
          </li>
          <li>
            <strong>Deletion:</strong> choose “Close account” in the Security tab of{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.profile}>
              Edit Profile
            </Link>{' '}
            (creators in their dashboard settings), or write to {mail} from your account’s address. Messages still
            waiting for a reply are ended first and the money returned. You have {ACCOUNT_DELETION_GRACE_DAYS} days to
            change your mind; then we erase your email, name, username, bio, photos, the images you sent, your
            notifications and your support requests. Your username stays reserved, so nobody else can take it. The
            messages you exchanged stay in the other person’s conversation under “Deleted user”, and the payment records
            described above are kept under a pseudonym.
          </li>
          <li>
            <strong>Objection and complaint:</strong> you may object to a use of your data or complain to your data
            protection authority; we would rather hear from you first.
          </li>
        </LegalList>
        <p>We answer requests within one month.</p>
      </LegalSection>

      <LegalSection id="cookies" title="6. Cookies">
        <p>
          We use only the cookies the service needs: one that keeps you signed in and one that recognises your device to
          protect sign-in. No advertising or tracking cookies.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
