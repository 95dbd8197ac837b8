import type { IncomingMessage, ServerResponse } from 'node:http';
import { controlSettingsSchema } from '../../shared/training-controls';
import { ApiError, notFound } from './api-error';
import { scriptedFaultSchema } from './controls';
import type { TrainingControls } from './controls';
import { readBody, sendJson } from './http';
import { sameSecret } from './secret-compare';
import { IN_SERVICE_WORDS } from './service-context';

/** Serves the training controls (`/sandbox/controls`) and the scripted faults (`/sandbox/faults`), behind the admin key. */
export function controlRequests(controls: TrainingControls, adminKey: string) {
  return async function handleControls(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${adminKey}`))
      throw new ApiError('unauthenticated', 'The training controls need the admin key printed when the service started.');
    if (path === '/sandbox/controls' && request.method === 'GET') {
      sendJson(response, 200, { data: controls.current });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request, 16 * 1024)) as unknown;
    } catch {
      throw new ApiError('invalid_json', 'The request body is not valid JSON.');
    }
    if (path === '/sandbox/controls' && request.method === 'PUT') {
      const parsed = controlSettingsSchema.partial().safeParse(body, IN_SERVICE_WORDS);
      if (!parsed.success) throw new ApiError('invalid_fields', parsed.error.issues[0]?.message ?? 'Invalid controls.');
      sendJson(response, 200, { data: controls.update(parsed.data) });
      return;
    }
    if (path === '/sandbox/faults' && request.method === 'POST') {
      const parsed = scriptedFaultSchema.array().max(1000).safeParse(body, IN_SERVICE_WORDS);
      if (!parsed.success) throw new ApiError('invalid_fields', parsed.error.issues[0]?.message ?? 'Invalid faults.');
      controls.queueFaults(parsed.data);
      sendJson(response, 200, { data: { queued: controls.pendingFaults() } });
      return;
    }
    throw notFound('This control');
  };
}
