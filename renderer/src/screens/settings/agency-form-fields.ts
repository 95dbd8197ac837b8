import type { AgencySettingsInput, AgencySettingsView } from '../../../../shared/agency';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';

export type TlsMode = AgencySettingsInput['tlsMode'];

/** The form as typed: every field a string until it is checked. */
export interface AgencyFormValues {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  tlsMode: TlsMode;
  caCertificate: string;
  counterName: string;
}

const words = defineMessages({
  verifyFullLabel: { id: 'settings.agency.tls.verifyFull', defaultMessage: 'Encrypted and checked (verify-full)' },
  verifyFullDescription: {
    id: 'settings.agency.tls.verifyFull.description',
    defaultMessage:
      'The server must prove it is the agency’s: its certificate and name are checked. Use this whenever the server is reached over the internet.',
  },
  requireLabel: { id: 'settings.agency.tls.require', defaultMessage: 'Encrypted, server not verified (require)' },
  requireDescription: {
    id: 'settings.agency.tls.require.description',
    defaultMessage: 'Nobody on the way can read what is sent, but a server pretending to be the agency’s would not be noticed.',
  },
  disableLabel: { id: 'settings.agency.tls.disable', defaultMessage: 'Not encrypted (disable)' },
  disableDescription: {
    id: 'settings.agency.tls.disable.description',
    defaultMessage: 'Only for a server on this computer (localhost, 127.0.0.1): anything else goes encrypted.',
  },
});

/** The three TLS modes in words: what each protects against, so the agent can choose with the agency's IT. */
export const TLS_CHOICES: { value: TlsMode; label: Message; description: Message }[] = [
  { value: 'verify-full', label: words.verifyFullLabel, description: words.verifyFullDescription },
  { value: 'require', label: words.requireLabel, description: words.requireDescription },
  { value: 'disable', label: words.disableLabel, description: words.disableDescription },
];

/** The form's first values: the saved connection (never its password), or a new one on PostgreSQL's usual port. */
export const initialValues = (saved: AgencySettingsView | null): AgencyFormValues => ({
  host: saved?.host ?? '',
  port: String(saved?.port ?? 5432),
  database: saved?.database ?? '',
  user: saved?.user ?? '',
  password: '',
  tlsMode: saved?.tlsMode ?? 'verify-full',
  caCertificate: '',
  counterName: saved?.counterName ?? '',
});

/**
 * The values as `agency:connect` takes them, for its schema to check (it has the words for each field).
 * A port that is not a number goes as 0, which the schema refuses with its own message; an empty
 * password or certificate is left out, which keeps the saved one.
 */
export const agencyInput = (profileId: number, values: AgencyFormValues) => ({
  profileId,
  host: values.host,
  port: /^\d{1,5}$/.test(values.port.trim()) ? Number(values.port.trim()) : 0,
  database: values.database,
  user: values.user,
  tlsMode: values.tlsMode,
  counterName: values.counterName,
  ...(values.password ? { password: values.password } : {}),
  ...(values.tlsMode === 'verify-full' && values.caCertificate.trim() ? { caCertificate: values.caCertificate.trim() } : {}),
});
