import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../shared/i18n/messages';

const words = defineMessages({
  marker: { id: 'service.words.marker', defaultMessage: 'The service’s own words' },
});

/**
 * Words the booking service wrote (its message, a status it did not define for us), shown as they came:
 * never translated, in the service's language, and marked as the service's so the agent knows who said it.
 */
export function ServiceWords({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <q translate="no" lang="en" className="service-words" title={intl.formatMessage(words.marker)} data-service-words="">
      {children}
    </q>
  );
}
