/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above: tsx (the server's runtime) reads no tsconfig from the repository root, so each
// .tsx file names its JSX runtime itself; tsc and Vitest read the same from tsconfig.base.json.
// One package per component, not the @react-email/components umbrella: that one also loads the
// code block (Prism with every grammar), Markdown and the Tailwind compiler, none used here, and took
// 0.6 s of CPU at every start of the server and the operator commands (a quarter of it).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { compile, type FormatCallback } from 'html-to-text';
import type { ReactNode } from 'react';

/** The web app's brand (apps/web/src/styles.css, favicon.svg): violet 600 on slate. */
export const BRAND = {
  violet600: '#7c3aed',
  violet700: '#6d28d9',
  violet50: '#f5f3ff',
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  line: '#e2e8f0',
  page: '#f8fafc',
  font: "Inter, 'Liberation Sans', Arial, Helvetica, sans-serif",
} as const;

/** What a template makes of its data: everything a mail says, before the common frame is put around it. */
export interface MailContent {
  subject: string;
  /** The inbox's preview line (hidden in the body). */
  preview: string;
  heading: string;
  /** The paragraphs before the button (use the components below). */
  body: ReactNode;
  /** The one thing to do: a button in HTML, "label: link" in the text part. */
  cta: { label: string; href: string };
  /** Paragraphs after the button (what else to know, "if it was not you"). */
  after?: ReactNode;
  /** Why the reader gets this mail (footer). */
  reason: string;
}

/** A rendered mail: its subject and both parts of multipart/alternative. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailFrame {
  /** PUBLIC_URL: the wordmark links home. */
  publicUrl: string;
  /** The reader's name, for "Hi …," (escaped like all text). */
  recipientName?: string | null;
  /** The one-click link of this kind for this reader; security mails have none. */
  unsubscribeUrl?: string;
}

const paragraph = { color: BRAND.body, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' } as const;

/** A paragraph of the mail. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** Text the user wrote (a message, a reply, a note), set apart; React escapes it like every value. */
export function Quote({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{
        ...paragraph,
        color: BRAND.ink,
        backgroundColor: BRAND.violet50,
        borderLeft: `4px solid ${BRAND.violet600}`,
        borderRadius: '4px',
        padding: '12px 16px',
        whiteSpace: 'pre-line',
        wordBreak: 'break-word',
      }}
    >
      “{children}”
    </Text>
  );
}

/** A secondary link in the flow of a paragraph. */
export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      style={{ color: BRAND.violet700, textDecoration: 'underline', overflowWrap: 'anywhere', wordBreak: 'break-word' }}
    >
      {children}
    </Link>
  );
}

/** Label and value on one line, e.g. "Reason: …". */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ ...paragraph, wordBreak: 'break-word' }}>
      <strong style={{ color: BRAND.ink }}>{label}:</strong> {children}
    </Text>
  );
}

function Wordmark({ href }: { href: string }) {
  // A text wordmark, not an image: many clients block remote images until asked and drop inline SVG,
  // and a text mark needs no hosted file behind PUBLIC_URL. The tile is the favicon's violet square.
  return (
    <Link href={href} style={{ textDecoration: 'none' }}>
      <span
        data-skip-in-text="true"
        style={{
          display: 'inline-block',
          width: '32px',
          height: '32px',
          lineHeight: '32px',
          borderRadius: '8px',
          backgroundColor: BRAND.violet600,
          color: '#ffffff',
          fontWeight: 700,
          fontSize: '18px',
          textAlign: 'center',
          verticalAlign: 'middle',
          marginRight: '8px',
        }}
      >
        F
      </span>
      <span style={{ color: BRAND.ink, fontWeight: 700, fontSize: '22px', verticalAlign: 'middle' }}>Fanline</span>
    </Link>
  );
}

function MailDocument({ content, frame }: { content: MailContent; frame: MailFrame }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: BRAND.page, fontFamily: BRAND.font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto', padding: '0 12px' }}>
          <Section data-skip-in-text="true" style={{ padding: '8px 12px 16px' }}>
            <Wordmark href={frame.publicUrl} />
          </Section>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${BRAND.line}`,
              borderRadius: '12px',
              padding: '28px 24px',
            }}
          >
            <Heading
              as="h1"
              style={{ color: BRAND.ink, fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '0 0 16px' }}
            >
              {content.heading}
            </Heading>
            {frame.recipientName ? <P>Hi {frame.recipientName},</P> : null}
            {content.body}
            <Section style={{ margin: '8px 0 24px' }}>
              <Button
                className="cta"
                href={content.cta.href}
                style={{
                  backgroundColor: BRAND.violet600,
                  borderRadius: '10px',
                  color: '#ffffff',
                  fontSize: '16px',
                  fontWeight: 600,
                  lineHeight: '20px',
                  padding: '14px 24px',
                  textDecoration: 'none',
                  textAlign: 'center',
                  display: 'inline-block',
                }}
              >
                {content.cta.label}
              </Button>
            </Section>
            <Text
              data-skip-in-text="true"
              style={{ ...paragraph, color: BRAND.muted, fontSize: '13px', lineHeight: '20px' }}
            >
              Button not working? Open this link: <A href={content.cta.href}>{content.cta.href}</A>
            </Text>
            {content.after}
          </Section>
          <Section style={{ padding: '16px 12px 0' }}>
            <Hr style={{ borderColor: BRAND.line, margin: '0 0 12px' }} />
            <Text style={{ color: BRAND.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}>
              {content.reason}
            </Text>
            {frame.unsubscribeUrl ? (
              <Text style={{ color: BRAND.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}>
                Don't want these emails? <A href={frame.unsubscribeUrl}>Unsubscribe from this kind of email</A>
              </Text>
            ) : null}
            <Text style={{ color: BRAND.muted, fontSize: '13px', lineHeight: '20px', margin: 0 }}>
              Fanline · <A href={frame.publicUrl}>{frame.publicUrl}</A>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The plain-text part from the HTML: what @react-email/render's `toPlainText` does (its selectors: images
 * and `data-skip-in-text` skipped, links without brackets), compiled once. `toPlainText` compiled its
 * options on every mail, more than half of the conversion's time.
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: '[data-skip-in-text=true]', format: 'skip' },
    { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    // "Label: https://…" in the flow of the text; the button's link on a line of its own.
    { selector: 'a', format: 'labelledLink' },
    { selector: 'a.cta', format: 'ctaLink' },
  ],
  formatters: {
    labelledLink: ((elem, _walk, builder) => {
      const href = elem.attribs?.href ?? '';
      const label = textOf(elem);
      builder.addInline(label === href || !label ? href : `${label}: ${href}`, { noWordTransform: true });
    }) satisfies FormatCallback,
    ctaLink: ((elem, _walk, builder) => {
      const href = elem.attribs?.href ?? '';
      const label = textOf(elem);
      builder.openBlock({ leadingLineBreaks: 2 });
      builder.addInline(`${label}:`);
      builder.addLineBreak();
      builder.addInline(href, { noWordTransform: true });
      builder.closeBlock({ trailingLineBreaks: 2 });
    }) satisfies FormatCallback,
  },
});

/**
 * The one renderer of every mail (product, security, alerts): the content in the branded frame as
 * HTML, and the plain-text part made from that same HTML, so the two never say different things.
 */
export async function renderMail(content: MailContent, frame: MailFrame): Promise<RenderedMail> {
  const html = await render(<MailDocument content={content} frame={frame} />);
  return { subject: content.subject, html, text: toText(html) };
}

type TextNode = { type?: string; data?: string; children?: TextNode[] };
function textOf(node: TextNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textOf).join('').trim();
}
