export function App() {
  return <h1>Magyarul Studio</h1>;
}
