// Public surface of @magyarul/core. Each domain folder has its own index; import from
// '@magyarul/core/<domain>' for a narrow dependency or from here for everything.
export {};
