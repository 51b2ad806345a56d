import { LIMITS } from '@fanline/contracts';
import { Link } from 'react-router';
import { formatHours, usePlatformConfig } from '../../lib/platform-config';
import { paths, SUPPORT_EMAIL } from '../../paths';
import { LegalDocument, LegalList, LegalSection } from './components/legal-document';

/**
 * /refund-policy (issue 36): when a fan's money comes back, in this product's terms. Every setting it
 * states (the response window, whether a card is held or charged, the commission) is the live one.
 */
export function Component() {
  const config = usePlatformConfig();
  const window = formatHours(config.responseWindowHours);
  const held = config.paymentMode === 'hold';
  const back = held ? 'the hold on your card is released and you are never charged' : 'you are refunded in full';
  return (
    <LegalDocument
      title="Refund Policy"
      current={paths.refundPolicy}
      summary={
        <p>
          You pay for a reply, not for a chance of one. If the creator does not reply within {window}, declines your
          message or blocks you, {back}, automatically. You do not have to ask.
        </p>
      }
    >
      <LegalSection id="how-paying-works" title="1. How paying for a message works">
        <p>
          When you send a paid message you pay the creator’s price, shown on their profile and on the Send &amp; Pay
          button.{' '}
          {held
            ? 'Your card is authorized (the amount is held) when you send, and charged only when the creator replies.'
            : `Your card is charged when you send, because the ${window} window is longer than a card hold can last; the money is refunded if no reply comes.`}
        </p>
        <p>
          Of each answered message the creator receives {config.creatorSharePercent}% and Fanline keeps a{' '}
          {config.commissionPercent}% fee. Follow-ups a creator sends you afterwards are free.
        </p>
      </LegalSection>

      <LegalSection id="automatic" title="2. When your money comes back automatically">
        <LegalList>
          <li>
            <strong>No reply in time.</strong> The creator has {window} from the moment you pay. When the deadline
            passes without a reply, {back}. The conversation shows “Expired”.
          </li>
          <li>
            <strong>The creator declines.</strong> A creator may decline a message, with a reason you can read. The
            money comes back at once, the same way. The conversation shows “Declined”.
          </li>
          <li>
            <strong>The creator blocks you.</strong> Every message still waiting for that creator’s reply is ended and
            the money comes back the same way. You cannot send that creator new messages.
          </li>
          <li>
            <strong>A payment that did not finish.</strong> If checkout fails or you leave it, no message is sent and
            nothing is charged.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="not-an-answer" title="3. A reply that is not an answer">
        <p>
          If a reply does not answer your message (an empty or unrelated text, say), use “Not an answer?” under the
          reply within {formatHours(LIMITS.notAnAnswerWindowHours)} of receiving it. The creator is not paid for it
          while our team reviews it. If we agree, you get your money back; if not, the creator is paid and we tell you
          why.
        </p>
      </LegalSection>

      <LegalSection id="no-refund" title="4. When there is no refund">
        <p>
          A reply that answers your message is what you paid for, even if it is short or not what you hoped to hear. You
          can say so in a review. Messages cannot be refunded because you changed your mind after the reply.
        </p>
      </LegalSection>

      <LegalSection id="timing" title="5. How long it takes to see the money">
        <p>
          {held
            ? 'A released hold disappears from your card statement; when depends on your bank.'
            : 'A refund is sent to the card you paid with at once; when it shows on your statement depends on your bank.'}{' '}
          Every payment, charge and {held ? 'released hold' : 'refund'} is listed under{' '}
          <Link className="font-medium text-brand-700 underline" to={paths.billing}>
            Billing
          </Link>
          , where you can also export them.
        </p>
      </LegalSection>

      <LegalSection id="help" title="6. If something went wrong">
        <p>
          Write to{' '}
          <a className="font-medium text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>{' '}
          with the conversation’s link before disputing the charge with your bank: we can refund a message ourselves,
          and a dispute freezes it while the bank decides.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
