export function Component() {
  return <h1>Direct Messages That Pay</h1>;
}
