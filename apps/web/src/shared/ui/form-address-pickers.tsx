import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { AddressPickers, type AddressValue } from './address-pickers';

/**
 * The region → street → building pickers bound to a react-hook-form form whose values hold
 * `region`, `street` and `building` (ids or null): they show the form's values and errors (zod or
 * a server 400), and a choice sets the three values, dirtying the form.
 */
export function FormAddressPickers<T extends FieldValues & AddressValue, TTransformed extends FieldValues = T>({
  form,
  isDisabled = false,
}: {
  form: UseFormReturn<T, unknown, TTransformed>;
  isDisabled?: boolean;
}) {
  // The three fields are all this component reads or writes; T is known to hold them.
  const address = form as unknown as UseFormReturn<AddressValue>;
  const [region, street, building] = address.watch(['region', 'street', 'building']);
  const { errors } = address.formState;
  return (
    <AddressPickers
      value={{ region, street, building }}
      isDisabled={isDisabled}
      errors={{ region: errors.region?.message, street: errors.street?.message, building: errors.building?.message }}
      onChange={(value) => {
        address.setValue('region', value.region, { shouldDirty: true });
        address.setValue('street', value.street, { shouldDirty: true });
        address.setValue('building', value.building, { shouldDirty: true });
      }}
    />
  );
}
