/** One line of a payment method's instructions; `copy` is set on a "Label: value" line worth copying. */
export type InstructionLine = { text: string; label?: string; value?: string; copy?: string };

// A value to paste somewhere else: an account number, an IBAN, a wallet address, a BIC, a phone
// number. It holds a digit or is one long token, and is not a sentence.
const COPYABLE = /^[\p{L}\p{N}][\p{L}\p{N} ./:+_@#-]*$/u;

function copyable(value: string): boolean {
  if (value.length < 4 || value.length > 120 || !COPYABLE.test(value)) return false;
  const words = value.split(/\s+/);
  if (words.length > 8) return false;
  return /\d/.test(value) || (words.length === 1 && value.length >= 8);
}

/** An IBAN is pasted without its spaces (banking forms take it either way, some only so). */
const IBAN = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}$/;

/**
 * The instructions line by line, each "Label: value" line whose value is an account number, IBAN,
 * address and the like marked for a copy button (IBANs copied without spaces). Admins write the
 * instructions as free text; this reads the lines people need to paste.
 */
export function instructionLines(instructions: string): InstructionLine[] {
  return instructions.split(/\r?\n/).map((text) => {
    const match = /^\s*([^:]{1,40}?)\s*:\s*(.+?)\s*$/.exec(text);
    if (!match || /^https?$/i.test(match[1]!)) return { text };
    const [, label, value] = match as unknown as [string, string, string];
    if (!copyable(value)) return { text };
    return { text, label, value, copy: IBAN.test(value) ? value.replace(/ /g, '') : value };
  });
}
