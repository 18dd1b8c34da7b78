/**
 * A code written by the app or typed by staff (an invoice or receipt number, a customer's code, a
 * phone, a payment's reference, "UTF-8", a version) exactly as stored, in its ASCII digits whatever
 * the user's digit system, isolated left to right (docs/web.md, "Digits"): the printed documents
 * show it the same way (`formatCode` is its string form). Marked `data-verbatim`: the Arabic
 * journey's digit check skips it.
 */
export function CodeText({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <bdi dir="ltr" data-verbatim="">
      {value}
    </bdi>
  );
}
