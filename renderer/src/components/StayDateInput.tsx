import { useIntl } from 'react-intl';
import { DateInput } from '@mantine/dates';
import { defineMessages } from '../../../shared/i18n/messages';
import { parseTypedDate } from '../../../shared/typed-date';

const words = defineMessages({
  placeholder: { id: 'component.stayDate.placeholder', defaultMessage: 'DD/MM/YYYY' },
  nextMonth: { id: 'component.stayDate.nextMonth', defaultMessage: 'Next month' },
  previousMonth: { id: 'component.stayDate.previousMonth', defaultMessage: 'Previous month' },
});

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
  const intl = useIntl();
  return (
    <DateInput
      label={label}
      placeholder={intl.formatMessage(words.placeholder)}
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
      nextLabel={intl.formatMessage(words.nextMonth)}
      previousLabel={intl.formatMessage(words.previousMonth)}
      clearable={clearable}
      popoverProps={{ withinPortal: true }}
    />
  );
}
