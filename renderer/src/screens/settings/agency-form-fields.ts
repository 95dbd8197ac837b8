import { agencySettingsInputSchema } from '../../../../shared/agency';
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

export type AgencyField = keyof AgencyFormValues;

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

const REQUIRED: Partial<Record<AgencyField, string>> = {
  host: 'Give the agency server’s host name or address.',
  database: 'Give the name of the agency’s database.',
  user: 'Give the user name the agency set up for its counters.',
  counterName: 'Name this counter, such as “Desk 2”.',
};

/**
 * The values as `agency:connect` takes them, or what is wrong with each field, checked with the
 * same schema the main process checks them with. An empty password or certificate keeps the saved one.
 */
export function checkAgencyForm(
  profileId: number,
  values: AgencyFormValues,
): { input: AgencySettingsInput; problems: null } | { input: null; problems: Partial<Record<AgencyField, string>> } {
  const problems: Partial<Record<AgencyField, string>> = {};
  for (const [field, message] of Object.entries(REQUIRED) as [AgencyField, string][]) if (!values[field].trim()) problems[field] = message;
  const port = /^\d{1,5}$/.test(values.port.trim()) ? Number(values.port.trim()) : Number.NaN;
  if (Number.isNaN(port)) problems.port = 'A port is a number from 1 to 65535, usually 5432.';
  const parsed = agencySettingsInputSchema.safeParse({
    profileId,
    host: values.host,
    port: Number.isNaN(port) ? 5432 : port,
    database: values.database,
    user: values.user,
    tlsMode: values.tlsMode,
    counterName: values.counterName,
    ...(values.password ? { password: values.password } : {}),
    ...(values.tlsMode === 'verify-full' && values.caCertificate.trim() ? { caCertificate: values.caCertificate.trim() } : {}),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AgencyField;
      problems[field] ??= issue.message;
    }
  return parsed.success && Object.keys(problems).length === 0 ? { input: parsed.data, problems: null } : { input: null, problems };
}
