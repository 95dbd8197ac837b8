export function NewBookingScreen() {
  return <div>New booking</div>;
}
