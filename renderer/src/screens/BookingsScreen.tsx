export function BookingsScreen() {
  return <div>Bookings</div>;
}
