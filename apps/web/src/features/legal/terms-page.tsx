import { formatCents, LIMITS } from '@fanline/contracts';
import { Link } from 'react-router';
import { formatHours, usePlatformConfig } from '../../lib/platform-config';
import { paths, SUPPORT_EMAIL } from '../../paths';
import { LegalDocument, LegalList, LegalSection } from './components/legal-document';

const link = 'font-medium text-brand-700 underline';

/**
 * /terms (issue 36): the agreement between Fanline, fans and creators, written for paid messages. The
 * window, the commission and the payment mode are the live settings, never literals.
 */
export function Component() {
  const config = usePlatformConfig();
  const window = formatHours(config.responseWindowHours);
  const held = config.paymentMode === 'hold';
  return (
    <LegalDocument
      title="Terms of Service"
      current={paths.terms}
      summary={
        <p>
          Fanline lets fans pay a creator to read and answer a message. Creators reply within {window} or the fan’s
          money comes back. Creators keep {config.creatorSharePercent}% of each answered message; Fanline’s fee is{' '}
          {config.commissionPercent}%. Be honest and respectful, and do not use Fanline for anything illegal.
        </p>
      }
    >
      <LegalSection id="agreement" title="1. This agreement">
        <p>
          By creating an account or sending a paid message you agree to these terms, our{' '}
          <Link className={link} to={paths.privacy}>
            Privacy Policy
          </Link>{' '}
          and our{' '}
          <Link className={link} to={paths.refundPolicy}>
            Refund Policy
          </Link>
          . You must be old enough to enter a contract where you live, and the details you give us must be true. You are
          responsible for what happens under your account; keep your password to yourself.
        </p>
      </LegalSection>

      <LegalSection id="fans" title="2. Paying for a message (fans)">
        <LegalList>
          <li>
            A paid message costs the price the creator set, shown before you pay.{' '}
            {held
              ? 'Your card is held when you send and charged only when the creator replies.'
              : 'Your card is charged when you send and refunded if no reply comes.'}
          </li>
          <li>
            The creator has {window} to reply. Without a reply in time, or if the creator declines your message or
            blocks you, your money comes back automatically, as the Refund Policy explains.
          </li>
          <li>
            You pay for a reply, not for a particular answer. A reply that is not an answer can be flagged with “Not an
            answer?” within {formatHours(LIMITS.notAnAnswerWindowHours)}.
          </li>
          <li>Follow-ups a creator sends you are free. After a reply you may send a new paid message.</li>
          <li>Reviews must describe your own experience with that creator.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="creators" title="3. Answering messages (creators)">
        <LegalList>
          <li>
            You verify a social account you own, set your price (between {formatCents(config.price.minDollars * 100)}{' '}
            and {formatCents(config.price.maxDollars * 100)}) and say when you are available.
          </li>
          <li>
            You are paid only for messages you answer within {window}. For each, you earn {config.creatorSharePercent}%
            of the price; Fanline keeps {config.commissionPercent}%. Your share becomes available for payout{' '}
            {formatHours(LIMITS.notAnAnswerWindowHours)} after your reply, unless the fan flags it as not an answer and
            our team agrees.
          </li>
          <li>
            You may decline a message or block a fan at any time; the fan’s money then goes back to them and you earn
            nothing for those messages.
          </li>
          <li>
            Payouts go to a payout account you connect with our payment provider. Until you connect one, your earnings
            wait in your balance; nothing is lost. A payout needs at least the minimum shown on your Earnings page.
          </li>
          <li>You are responsible for the taxes on what you earn.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="conduct" title="4. What is not allowed">
        <LegalList>
          <li>Harassment, threats, hate, or sexual content involving minors; anything illegal.</li>
          <li>Pretending to be someone else, or verifying an account that is not yours.</li>
          <li>Spam, scams, or asking to be paid outside Fanline.</li>
          <li>Replies that are not answers, written only to be paid.</li>
        </LegalList>
        <p>
          Anyone can report a message or a reply. We may remove content, refund messages, hold earnings under review, or
          suspend accounts that break these rules.
        </p>
      </LegalSection>

      <LegalSection id="content" title="5. Your content">
        <p>
          What you write stays yours. You allow us to store it and show it to the people it is meant for (a message to
          its creator, a public review to visitors) for as long as the service needs it.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="6. Ending your account">
        <p>
          You may close your account at any time by writing to{' '}
          <a className={link} href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          . Open messages are ended and their money returned; a creator’s available earnings are paid out to their
          connected payout account.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="7. Our responsibility">
        <p>
          We run Fanline with care but cannot promise it is never interrupted. We are not responsible for what creators
          or fans write, though we act on reports. Nothing in these terms limits rights you have by law as a consumer.
          If we change these terms, we say so here before the change applies.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
