import { useIntl } from 'react-intl';
import { Alert, Text } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import type { AgencyPeopleProblem, AgencyPeopleStatus, AgentSetAsideReason } from '../../../../shared/agency';
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
  setAsideReason: {
    id: 'settings.agency.people.setAside.reason',
    defaultMessage:
      '{kind, select, unreadable {An agent this counter cannot read (not an agent as Packdesk keeps them).} agencyName {Another agent of the agency is named {name} at this counter.} other {Another agent is named {name} at this counter.}}',
  },
  notAdministrator: {
    id: 'settings.agency.people.problem.notAdministrator',
    defaultMessage:
      'Agents added or changed at this counter stay here: its agency user is not one of the agency’s administrators (packdesk_agency_admins).',
  },
  agentRefused: {
    id: 'settings.agency.people.problem.agentRefused',
    defaultMessage:
      'The agency did not take the agent {name}: {why, select, nameTaken {another agent has that name there} other {it is not an agent as the agency keeps them}}.',
  },
  auditDiverged: {
    id: 'settings.agency.people.problem.auditDiverged',
    defaultMessage:
      'This counter’s audit does not follow on from the one the agency holds of it, so it is not sent. The agency’s server says: {detail}',
  },
});

/** Why agents or audit entries made here do not reach the agency, in the agent's language. */
function problemWords(intl: IntlShape, problem: AgencyPeopleProblem): string {
  if (problem.kind === 'not-an-administrator') return intl.formatMessage(words.notAdministrator);
  if (problem.kind === 'agent-refused')
    return intl.formatMessage(words.agentRefused, { name: problem.name, why: problem.why === 'name-taken' ? 'nameTaken' : 'notAnAgent' });
  return intl.formatMessage(words.auditDiverged, { detail: problem.detail });
}

const REASON_KINDS = { unreadable: 'unreadable', 'name-of-another-agency-agent': 'agencyName', 'name-taken-here': 'here' } as const;

function setAsideWords(intl: IntlShape, reason: AgentSetAsideReason): string {
  return intl.formatMessage(words.setAsideReason, { kind: REASON_KINDS[reason.kind], name: 'name' in reason ? reason.name : '' });
}

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
          <Text size="sm">{problemWords(intl, people.problem)}</Text>
        </Alert>
      )}
      {setAside.length > 0 && (
        <Alert color="orange" variant="light" title={intl.formatMessage(words.setAside, { count: setAside.length })}>
          <Text size="sm">
            {intl.formatMessage(words.setAsideText, { problems: setAside.map((entry) => setAsideWords(intl, entry.problem)).join(' ') })}
          </Text>
        </Alert>
      )}
    </>
  );
}
