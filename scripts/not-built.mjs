// Placeholder for root scripts whose part of the product is not built yet. It says so plainly
// and fails, so nobody mistakes it for a working command.
const name = process.argv[2] ?? 'this script';
console.error(`npm run ${name}: not built yet. See the open issues (run \`issues\`) for the plan.`);
process.exit(1);
