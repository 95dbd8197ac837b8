import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Stack, Text, Title } from '@mantine/core';
import { roleAtLeast } from '../../../../shared/people';
import { useMainCall } from '../../hooks/use-main-call';
import { defineMessages } from '../../../../shared/i18n/messages';
import { AuditView } from './audit/AuditView';

const words = defineMessages({
  title: { id: 'audit.section.title', defaultMessage: 'Audit' },
  intro: {
    id: 'audit.section.intro',
    defaultMessage: 'Every settings action, sign-in and approval at this counter, in a chain nobody can rewrite unnoticed.',
  },
});

/**
 * Settings → Audit: who did what, when and at which counter, and whether the chain holds. Once an
 * administrator exists, shown to a signed-in supervisor or administrator only (main refuses anyone else either way).
 */
export function AuditSection() {
  const intl = useIntl();
  const [mayRead, setMayRead] = useState(false);
  const { run } = useMainCall();
  useEffect(
    () =>
      void run(async (mainCall) => {
        const [{ agent }, { agents }] = await Promise.all([mainCall('people:session', {}), mainCall('people:list', {})]);
        // As main decides it: the whole counter's audit is open to anyone until an administrator exists, then to supervisors.
        return !agents.some((each) => each.role === 'administrator') || (agent !== null && roleAtLeast(agent.role, 'supervisor'));
      }, setMayRead),
    [run],
  );

  if (!mayRead) return null;
  return (
    <Card withBorder padding="lg" aria-label={intl.formatMessage(words.title)} data-testid="audit-section">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {intl.formatMessage(words.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(words.intro)}
          </Text>
        </div>
        <AuditView />
      </Stack>
    </Card>
  );
}
