import { DateInput } from '@mantine/dates';
import { parseTypedDate } from '../../../shared/typed-date';

interface StayDateInputProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  error?: string | null;
  autoFocus?: boolean;
  /** The field a dialog focuses when it opens. */
  dialogAutofocus?: boolean;
  required?: boolean;
  clearable?: boolean;
}

/** A date field that takes a typed date (10/03/2027) or a pick from its calendar; Tab goes straight to the next field. */
export function StayDateInput({
  label,
  value,
  onChange,
  minDate,
  error,
  autoFocus,
  dialogAutofocus,
  required,
  clearable,
}: StayDateInputProps) {
  return (
    <DateInput
      label={label}
      placeholder="DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      value={value}
      onChange={onChange}
      minDate={minDate}
      error={error}
      autoFocus={autoFocus}
      // A date already there is selected, so typing replaces it.
      onFocus={(event) => event.currentTarget.select()}
      {...(dialogAutofocus ? { 'data-autofocus': true } : {})}
      required={required}
      firstDayOfWeek={1}
      nextLabel="Next month"
      previousLabel="Previous month"
      clearable={clearable}
      popoverProps={{ withinPortal: true }}
    />
  );
}
