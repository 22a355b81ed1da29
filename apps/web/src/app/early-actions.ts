/** What the visitor did on the server's HTML before React was there: kept until `stop`, handed on by `answer`. */
export type EarlyActions = {
  stop: () => void;
  answer: () => void;
  /** Whether something kept was done inside `element`. */
  holds: (element: Element) => boolean;
};

/** A field whose text or choice the visitor may change before React listens. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/**
 * Remembers what the visitor did on the painted page before the app was there to answer (buttons pressed,
 * text typed) and returns what hands it to the app once it is: a first tap or search is not lost. Links and
 * form submissions need no app and are left to the browser.
 */
export function keepEarlyActions(container: HTMLElement): EarlyActions {
  const pressed: HTMLElement[] = [];
  const typed = new Set<Field>();
  const keepPress = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>('button, [role="button"]');
    if (!button || button.closest('a[href]')) return;
    if (button instanceof HTMLButtonElement && button.form && button.type === 'submit') return;
    if (!pressed.includes(button)) pressed.push(button);
  };
  const keepTyping = (event: Event) => {
    const field = event.target;
    if (isField(field)) typed.add(field);
  };
  container.addEventListener('click', keepPress, true);
  container.addEventListener('input', keepTyping, true);
  // The text of each field as the visitor left it: a render after hydration may put back the field's drawn value.
  const texts = new Map<Field, string>();
  return {
    holds: (element) =>
      pressed.some((button) => element.contains(button)) || [...typed].some((field) => element.contains(field)),
    // From the moment React hydrates, it answers presses itself: a press kept after that would be answered twice.
    stop: () => {
      container.removeEventListener('click', keepPress, true);
      container.removeEventListener('input', keepTyping, true);
      for (const field of typed) texts.set(field, field.value);
    },
    answer: () => {
      for (const [field, text] of texts) if (field.isConnected) retype(field, text);
      for (const button of pressed) if (button.isConnected) button.click();
      typed.clear();
      texts.clear();
      pressed.length = 0;
    },
  };
}

/**
 * Tells the app about `text`, typed before it was listening. React took the typed text for the field's known
 * value when it hydrated, so an input event alone would look like no change: the field's known value is
 * cleared through React's own setter, the text put back through the element's, and the input event sent.
 */
function retype(field: Field, text: string) {
  if (field instanceof HTMLSelectElement) {
    // React reads a list's choice from its change event alone.
    if (text === field.value) return;
    field.value = text;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setText = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setText || text === field.defaultValue) return;
  field.value = field.defaultValue;
  setText.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
