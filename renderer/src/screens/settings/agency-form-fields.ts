import type { AgencySettingsInput, AgencySettingsView } from '../../../../shared/agency';

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

/** The three TLS modes in words: what each protects against, so the agent can choose with the agency's IT. */
export const TLS_CHOICES: { value: TlsMode; label: string; summary: string; description: string }[] = [
  {
    value: 'verify-full',
    label: 'Encrypted and checked (verify-full)',
    summary: 'encrypted and checked',
    description:
      'The server must prove it is the agency’s: its certificate and name are checked. Use this whenever the server is reached over the internet.',
  },
  {
    value: 'require',
    label: 'Encrypted, server not verified (require)',
    summary: 'encrypted, server not verified',
    description: 'Nobody on the way can read what is sent, but a server pretending to be the agency’s would not be noticed.',
  },
  {
    value: 'disable',
    label: 'Not encrypted (disable)',
    summary: 'not encrypted',
    description: 'Only for a server on this computer (localhost, 127.0.0.1): anything else goes encrypted.',
  },
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
