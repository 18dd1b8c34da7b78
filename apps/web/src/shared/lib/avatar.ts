/** Initials: first letters of first and last name, uppercase; '?' without a name (docs/product/specification.md section 2). */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  const initials = `${first.charAt(0)}${last.charAt(0)}`.toLocaleUpperCase();
  return initials || '?';
}

export function fullNameOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** A stable colour from the full name: same name, same colour, on every device. */
export function colorFromName(name: string): string {
  let hash = 0;
  for (const char of name) hash = ((hash << 5) - hash + (char.codePointAt(0) ?? 0)) | 0;
  const hue = Math.abs(hash) % 360;
  // Saturation and lightness keep white initials readable (contrast ≥ 4.5:1).
  return `hsl(${hue}, 50%, 28%)`;
}
