import { Checkbox } from '@/components/ui/checkbox';

export const ACCEPT_TERMS_TEXT = {
  heading: 'Payment and cancellation terms',
  accept: 'I accept these terms',
  loading: 'Loading the terms…',
  failed: "The shop's terms could not be loaded, please try again",
} as const;

type AcceptTermsProps = {
  /** The terms as sentences; undefined while they are worked out. */
  sentences: readonly string[] | undefined;
  failed: boolean;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
};

/** The shop's terms for this booking, read before paying, and the box that accepts them. */
export const AcceptTerms = ({ sentences, failed, accepted, onAcceptedChange }: AcceptTermsProps) => (
  <section aria-labelledby="accept-terms-heading" className="min-w-0 space-y-2 rounded-md border bg-muted/40 p-3">
    <h3 id="accept-terms-heading" className="font-medium">
      {ACCEPT_TERMS_TEXT.heading}
    </h3>
    {failed ? (
      <p role="alert" className="text-destructive text-sm">
        {ACCEPT_TERMS_TEXT.failed}
      </p>
    ) : sentences ? (
      <ul id="accept-terms-sentences" className="list-disc space-y-1 pl-5 text-sm">
        {sentences.map((sentence) => (
          <li key={sentence} className="break-words">
            {sentence}
          </li>
        ))}
      </ul>
    ) : (
      <p role="status" className="text-muted-foreground text-sm">
        {ACCEPT_TERMS_TEXT.loading}
      </p>
    )}
    <div className="flex items-start gap-2 text-sm">
      <Checkbox
        id="accept-terms"
        className="mt-0.5"
        checked={accepted}
        disabled={!sentences}
        required
        aria-describedby={sentences ? 'accept-terms-sentences' : undefined}
        onChange={(event) => onAcceptedChange(event.target.checked)}
      />
      <label htmlFor="accept-terms">{ACCEPT_TERMS_TEXT.accept}</label>
    </div>
  </section>
);
