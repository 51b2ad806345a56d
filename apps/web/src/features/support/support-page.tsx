export function Component() {
  return <h1>Support</h1>;
}
