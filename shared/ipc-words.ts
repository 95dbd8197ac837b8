import { defineMessages } from './i18n/messages';

/** The words of the IPC channels' own checks (shared/ipc.ts), apart so that file stays short. */
export const ipcWords = defineMessages({
  profileNameRequired: { id: 'validation.profiles.nameRequired', defaultMessage: 'Give the profile a name.' },
  profileNameTooLong: { id: 'validation.profiles.nameTooLong', defaultMessage: 'A profile name has at most 60 characters.' },
  baseUrlRequired: { id: 'validation.profiles.baseUrlRequired', defaultMessage: 'Enter the service address.' },
  keyRequired: { id: 'validation.profiles.keyRequired', defaultMessage: 'Paste the key.' },
  keyTooLong: { id: 'validation.profiles.keyTooLong', defaultMessage: 'That is longer than any key.' },
  noteTooLong: { id: 'validation.booking.noteTooLong', defaultMessage: 'A note has at most 500 characters.' },
  cardInNote: {
    id: 'validation.booking.cardInNote',
    defaultMessage:
      'The note looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the note.',
  },
  cardInSearch: {
    id: 'validation.booking.cardInSearch',
    defaultMessage:
      'The search looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the search.',
  },
  ageNegative: { id: 'validation.booking.ageNegative', defaultMessage: 'An age cannot be negative.' },
  ageTooHigh: { id: 'validation.booking.ageTooHigh', defaultMessage: 'Enter an age up to 120.' },
  cancellationUnconfirmed: { id: 'validation.booking.cancellationUnconfirmed', defaultMessage: 'A cancellation must be confirmed.' },
});
