import { Alert, Text } from '@mantine/core';
import type { AgencyPeopleStatus } from '../../../../shared/agency';
import { plural } from '../../../../shared/format';

/**
 * The agents and audit this counter shares with its agency: whether agents added here reach every
 * counter, agents it would not take, and audit entries still waiting to be sent.
 */
export function AgencyPeopleNotice({ people }: { people: AgencyPeopleStatus }) {
  const setAside = people.agentsSetAside;
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="agency-people">
        {people.definesAgents ? 'Agents added or changed here reach every counter of the agency.' : 'Agents come from the agency.'}{' '}
        {people.auditUnsent > 0
          ? `${plural(people.auditUnsent, 'audit entry', 'audit entries')} not sent yet; they wait here and go when the agency answers.`
          : 'The agency has this counter’s whole audit.'}
      </Text>
      {people.problem && (
        <Alert color="orange" variant="light" data-testid="agency-people-problem">
          <Text size="sm">{people.problem}</Text>
        </Alert>
      )}
      {setAside.length > 0 && (
        <Alert color="orange" variant="light" title={`${plural(setAside.length, 'agent')} from the agency not taken here`}>
          <Text size="sm">
            {setAside.map((entry) => entry.problem).join(' ')} Sign-in for the others works as before. Ask the agency’s administrator to
            look at it.
          </Text>
        </Alert>
      )}
    </>
  );
}
