import { useIntl } from 'react-intl';
import { Alert, Text } from '@mantine/core';
import type { AgencyPeopleStatus } from '../../../../shared/agency';
import { defineMessages } from '../../../../shared/i18n/messages';

const words = defineMessages({
  state: {
    id: 'settings.agency.people.state',
    defaultMessage:
      '{defines, select, yes {Agents added or changed here reach every counter of the agency.} other {Agents come from the agency.}} {unsent, plural, =0 {The agency has this counter’s whole audit.} one {# audit entry not sent yet; they wait here and go when the agency answers.} other {# audit entries not sent yet; they wait here and go when the agency answers.}}',
  },
  setAside: {
    id: 'settings.agency.people.setAside',
    defaultMessage: '{count, plural, one {# agent} other {# agents}} from the agency not taken here',
  },
  setAsideText: {
    id: 'settings.agency.people.setAside.text',
    defaultMessage: '{problems} Sign-in for the others works as before. Ask the agency’s administrator to look at it.',
  },
});

/**
 * The agents and audit this counter shares with its agency: whether agents added here reach every
 * counter, agents it would not take, and audit entries still waiting to be sent.
 */
export function AgencyPeopleNotice({ people }: { people: AgencyPeopleStatus }) {
  const intl = useIntl();
  const setAside = people.agentsSetAside;
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="agency-people">
        {intl.formatMessage(words.state, { defines: people.definesAgents ? 'yes' : 'no', unsent: people.auditUnsent })}
      </Text>
      {people.problem && (
        <Alert color="orange" variant="light" data-testid="agency-people-problem">
          <Text size="sm">{people.problem}</Text>
        </Alert>
      )}
      {setAside.length > 0 && (
        <Alert color="orange" variant="light" title={intl.formatMessage(words.setAside, { count: setAside.length })}>
          <Text size="sm">{intl.formatMessage(words.setAsideText, { problems: setAside.map((entry) => entry.problem).join(' ') })}</Text>
        </Alert>
      )}
    </>
  );
}
