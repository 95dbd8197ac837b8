import { memo } from 'react';
import { Skeleton } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BookingRecord } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { StatusBadge } from '../../components/StatusBadge';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { BOOKING_WORDS } from './booking-words';

const words = defineMessages({
  attention: { id: 'bookings.row.attention', defaultMessage: 'Needs a look' },
});
/** The dot beside a traveler whose booking needs a look: a mark, in no language. */
const ATTENTION_MARK = ' ●';

export const ROW_HEIGHT = 56;
const COLUMNS = '110px minmax(160px, 1.3fr) minmax(180px, 1.6fr) 200px 120px 130px';
/** In an agency the counter that made each booking gets a column: the stay gives up the room it did not need. */
const AGENCY_COLUMNS = '110px minmax(150px, 1.3fr) minmax(160px, 1.6fr) 130px 110px 130px 100px';

/** The list's columns: with the Counter column when the profile's bookings are shared with an agency. */
export const columnsFor = (counterName: string | null) => (counterName === null ? COLUMNS : AGENCY_COLUMNS);

interface BookingRowProps {
  index: number;
  top: number;
  /** Null while its page is being read. */
  booking: BookingRecord | undefined;
  /** This counter's name in an agency (its own bookings carry none), or null: no Counter column. */
  counterName: string | null;
  onOpen(id: number): void;
  /** Up or down from this row: -1 or +1. */
  onMove(index: number, step: 1 | -1): void;
}

/** One booking of the history list: plain cells, so a screenful draws in a frame; unchanged rows are not drawn again. */
export const BookingRow = memo(function BookingRow({ index, top, booking, counterName, onOpen, onMove }: BookingRowProps) {
  const intl = useIntl();
  const onKeyDown = shortcutKeyHandler([
    ['open-booking', () => booking && onOpen(booking.id)],
    ['next-result', () => onMove(index, 1)],
    ['previous-result', () => onMove(index, -1)],
  ]);
  // Clipped in the row's width when long; the whole of it is the cell's title.
  const stay = booking
    ? intl.formatMessage(BOOKING_WORDS.packageAndHotel, { package: booking.packageTitle, hotel: booking.propertyName })
    : '';
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      tabIndex={booking ? 0 : -1}
      onClick={() => booking && onOpen(booking.id)}
      onKeyDown={onKeyDown}
      className="booking-row"
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: columnsFor(counterName) }}
    >
      {booking ? (
        <>
          <span role="cell">
            <StatusBadge booking={booking} size="sm" />
          </span>
          <span role="cell" className="booking-cell-clip">
            <span className="booking-holder">
              {booking.holder.name} {booking.holder.surname}
            </span>
            {booking.attention && (
              <span className="booking-attention" title={intl.formatMessage(words.attention)}>
                {ATTENTION_MARK}
              </span>
            )}
          </span>
          <span role="cell" className="booking-cell-clip" title={stay}>
            {stay}
          </span>
          <span role="cell">{formatDate(booking.checkIn)}</span>
          <span role="cell" className="booking-total">
            {formatMoney(booking.totalMinor, booking.currency)}
          </span>
          <span role="cell" className="mono booking-reference">
            {booking.bookingReference ?? booking.clientReference}
          </span>
          {counterName !== null && (
            <span role="cell" className={`booking-cell-clip${booking.originCounter === null ? ' booking-counter-here' : ''}`}>
              {booking.originCounter ?? counterName}
            </span>
          )}
        </>
      ) : (
        <Skeleton height={16} style={{ gridColumn: '1 / -1' }} />
      )}
    </div>
  );
});
