/**
 * A JSON Schema of a batch, for the editor's completion and hover: each field with what
 * docs/service-api.md says of it. Validation itself is ours (features/validation/common/validation.ts); this schema only
 * explains, so it is lenient where the specification is silent.
 */
export function batchJsonSchema(serviceIdField: string, timeZone: string): Record<string, unknown> {
  return {
    type: 'array',
    description: 'A batch of user events, sent as the body of POST /user/events. One or more events.',
    items: {
      type: 'object',
      properties: {
        token: { type: 'string', description: 'Opaque identifier string carried by the event.' },
        attributes: {
          type: 'object',
          description: 'Free-form map of attribute name to value. The specification shows string values, including numeric-looking amounts such as "19.99".',
          additionalProperties: { type: 'string' },
        },
        created_at: {
          type: 'string',
          description: `Event time as YYYY-MM-DD HH:MM:SS, read in ${timeZone} (this environment's time zone of server date-times).`,
        },
        [serviceIdField]: {
          type: 'integer',
          description: `Numeric service id. The specification writes it svc_id; the real name is the service's brand followed by _id, here ${serviceIdField}.`,
        },
        device_id: { type: 'string', description: 'Device identifier, UUID-shaped (8-4-4-4-12 hexadecimal digits).' },
        customer_id: { type: 'string', description: "The client's own identifier of the customer." },
      },
    },
  };
}
