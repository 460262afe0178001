// Vite bundles `?worker&inline` imports into a Worker started from a blob: URL (the studio's
// page is file:// in Electron, where a worker script file could not be loaded).
declare module '*?worker&inline' {
  const WorkerFactory: new () => Worker;
  export default WorkerFactory;
}
