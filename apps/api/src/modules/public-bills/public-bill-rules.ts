/**
 * What the public bill shows of a customer (docs/security.md, "The public bill link"): enough for the
 * household to know it is theirs, not enough for a stranger holding the paper to learn who they are.
 * Pure: no database.
 */

/** The first word whole and the first letter of the second: "إبراهيم خليل" -> "إبراهيم خ…"; one word: its first letter. */
export function maskName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [firstWord, secondWord] = words;
  if (firstWord === undefined) return '';
  if (secondWord === undefined) return `${[...firstWord][0] ?? ''}…`;
  return `${firstWord} ${[...secondWord][0] ?? ''}…`;
}

/** The last four digits only: "+961 3 123 4567" -> "•••• 4567"; fewer than four digits show nothing. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 4 ? '' : `•••• ${digits.slice(-4)}`;
}
