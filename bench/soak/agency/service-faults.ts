import type { ServiceProcess } from '../../service-process';

/** The built-in service's fault controls the soak sets (a subset of its /sandbox/controls). */
export type ServiceFaults = Partial<Record<string, number | string | null>>;

/**
 * Sets the service's faults, then reads its controls back: how many of the settings asked it does not
 * hold (0 when it took them all). The soak's check that the faults it reports were really on.
 */
export async function setServiceFaults(service: ServiceProcess, faults: ServiceFaults): Promise<number> {
  const headers = { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' };
  const controls = `${service.url}/sandbox/controls`;
  const put = await fetch(controls, { method: 'PUT', headers, body: JSON.stringify(faults) });
  if (!put.ok) {
    console.error(`[agency soak] the service refused its fault settings: HTTP ${put.status}`);
    return Object.keys(faults).length;
  }
  const { data } = (await (await fetch(controls, { headers })).json()) as { data: ServiceFaults };
  const notHeld = Object.entries(faults).filter(([name, value]) => data[name] !== value);
  if (notHeld.length)
    console.error(`[agency soak] the service does not hold these fault settings: ${notHeld.map(([name]) => name).join(', ')}`);
  return notHeld.length;
}
