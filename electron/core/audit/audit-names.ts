import type { AuditNames } from './audited-handlers';

/** A name by id, or "#id" for one that is gone (a deleted profile, an agent not known here). */
function nameOr(find: (id: number) => { name: string }): (id: number) => string {
  return (id) => {
    try {
      return find(id).name;
    } catch {
      return `#${id}`;
    }
  };
}

/** How the audit names profiles, agents and the person signed in, from the counter's own records. */
export function auditNames(from: {
  findProfile: (id: number) => { name: string };
  findAgent: (id: number) => { name: string };
  signedInAgent: () => { id: number; name: string } | null;
}): AuditNames {
  return {
    profileName: nameOr(from.findProfile),
    agentName: nameOr(from.findAgent),
    signedIn: () => {
      const agent = from.signedInAgent();
      return agent ? { agentId: agent.id, name: agent.name } : null;
    },
  };
}
