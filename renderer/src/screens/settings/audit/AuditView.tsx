import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuditEntry } from '../../../../../shared/audit';
import { defineMessages } from '../../../../../shared/i18n/messages';
import { channels } from '../../../../../shared/ipc';
import type { AgentView } from '../../../../../shared/people';
import { BusyButton } from '../../../components/BusyButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { schemaErrors } from '../../../components/schema-form';
import { StayDateInput } from '../../../components/StayDateInput';
import { useMainCall } from '../../../hooks/use-main-call';
import { actionChoices, filterOf, NO_FILTER } from './audit-filter-form';
import type { AuditFilterValues } from './audit-filter-form';
import { AuditTable } from './AuditTable';
import { AuditVerdictLine } from './AuditVerdictLine';

const words = defineMessages({
  filters: { id: 'audit.filters', defaultMessage: 'Audit filters' },
  agent: { id: 'audit.filters.agent', defaultMessage: 'Agent' },
  anyone: { id: 'audit.filters.agent.anyone', defaultMessage: 'Anyone' },
  everyAgent: { id: 'audit.filters.agent.clear', defaultMessage: 'Show every agent' },
  action: { id: 'audit.filters.action', defaultMessage: 'Action' },
  anyAction: { id: 'audit.filters.action.any', defaultMessage: 'Any action' },
  day: { id: 'audit.filters.day', defaultMessage: 'Day' },
  export: { id: 'audit.export', defaultMessage: 'Export CSV' },
  dismiss: { id: 'audit.export.dismiss', defaultMessage: 'Dismiss this message' },
  saved: { id: 'audit.export.saved', defaultMessage: 'Saved {count, plural, one {# entry} other {# entries}} to {path}.' },
  notExported: { id: 'audit.export.cancelled', defaultMessage: 'Not exported: the save dialog was closed without a file.' },
  older: { id: 'audit.older', defaultMessage: 'Load older' },
});

/** Entries read at a time; "Load older" reads the next ones. */
const PAGE = 50;

/** The audit for a supervisor: the chain's verdict, filters, the entries newest first, older on demand, and the export. */
export function AuditView() {
  const intl = useIntl();
  const [agents, setAgents] = useState<AgentView[]>([]);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [exported, setExported] = useState<{ path: string | null; entries: number } | null>(null);
  const { run: runAgents } = useMainCall();
  const { run: runList, busy: listing, error: listError, clearError: clearListError } = useMainCall();
  const { run: runExport, busy: exporting, error: exportError, clearError: clearExportError } = useMainCall();
  const form = useForm<AuditFilterValues>({
    initialValues: NO_FILTER,
    validate: (values) => schemaErrors(channels['audit:export-csv'].input, filterOf(values), intl),
    validateInputOnChange: true,
  });

  const load = useCallback(
    (values: AuditFilterValues, before?: number) =>
      runList(
        (mainCall) => mainCall('audit:list', { ...filterOf(values), limit: PAGE, ...(before === undefined ? {} : { before }) }),
        (page) => {
          setEntries((shown) => (before === undefined ? page : [...shown, ...page]));
          setHasOlder(page.length === PAGE);
        },
      ),
    [runList],
  );

  useEffect(() => {
    void runAgents(
      (mainCall) => mainCall('people:list', {}),
      ({ agents: listed }) => setAgents(listed),
    );
    void load(NO_FILTER);
  }, [runAgents, load]);

  const filterChanged = (values: AuditFilterValues) => {
    setExported(null);
    if (!form.validate().hasErrors) void load(values);
  };
  form.watch('agentId', ({ value }) => filterChanged({ ...form.getValues(), agentId: value }));
  form.watch('action', ({ value }) => filterChanged({ ...form.getValues(), action: value }));
  form.watch('day', ({ value }) => filterChanged({ ...form.getValues(), day: value }));

  const exportCsv = () => {
    if (form.validate().hasErrors) return;
    void runExport((mainCall) => mainCall('audit:export-csv', filterOf(form.getValues())), setExported);
  };

  return (
    <Stack gap="sm">
      <AuditVerdictLine />
      <Group align="flex-end" gap="sm" role="group" aria-label={intl.formatMessage(words.filters)}>
        <Select
          label={intl.formatMessage(words.agent)}
          placeholder={intl.formatMessage(words.anyone)}
          clearable
          clearButtonProps={{ 'aria-label': intl.formatMessage(words.everyAgent) }}
          w={200}
          data={agents.map((agent) => ({ value: String(agent.id), label: agent.name }))}
          {...form.getInputProps('agentId')}
        />
        <Select
          label={intl.formatMessage(words.action)}
          placeholder={intl.formatMessage(words.anyAction)}
          clearable
          searchable
          w={240}
          data={actionChoices(intl)}
          {...form.getInputProps('action')}
        />
        <div style={{ width: 170 }}>
          <StayDateInput
            label={intl.formatMessage(words.day)}
            clearable
            value={form.getValues().day}
            onChange={(day) => form.setFieldValue('day', day)}
            error={typeof form.errors.day === 'string' ? form.errors.day : null}
          />
        </div>
        <BusyButton variant="default" busy={exporting} onClick={exportCsv}>
          {intl.formatMessage(words.export)}
        </BusyButton>
      </Group>

      <ErrorNotice error={listError ?? exportError} onClose={listError ? clearListError : clearExportError} />
      {exported && (
        <Alert
          color={exported.path ? 'green' : 'gray'}
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={intl.formatMessage(words.dismiss)}
          onClose={() => setExported(null)}
        >
          {exported.path
            ? intl.formatMessage(words.saved, { count: exported.entries, path: exported.path })
            : intl.formatMessage(words.notExported)}
        </Alert>
      )}

      <AuditTable entries={entries} />
      {hasOlder && (
        <Group>
          <Button size="xs" variant="light" loading={listing} onClick={() => void load(form.getValues(), entries.at(-1)?.sequence)}>
            {intl.formatMessage(words.older)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
