import { createContext, useContext, type ReactNode } from 'react';

const FormReadOnlyContext = createContext(false);

/**
 * Whether the fields inside show a record rather than edit it (the read view of a record page,
 * or a role that may only look). The shared fields (`FormTextField` and the fields built on it,
 * `MonthField`, `AddressPickers`, `DatePickerField`, `FormSwitch`) read it and render `readOnly`,
 * never `disabled`: the text stays dark and copyable, the label stays, selects and pickers do not open.
 * An empty one shows its label above the outline and a muted "—" (`RecordTextField`), never its
 * label where the value would be.
 */
export function FormReadOnly({ isReadOnly, children }: { isReadOnly: boolean; children: ReactNode }) {
  return <FormReadOnlyContext.Provider value={isReadOnly}>{children}</FormReadOnlyContext.Provider>;
}

/** True inside a `<FormReadOnly isReadOnly>`: a field shows its value and takes no input. */
export function useFormReadOnly(): boolean {
  return useContext(FormReadOnlyContext);
}
