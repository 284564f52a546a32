// Reads a container group body the way the resource provider's JSON reader (Newtonsoft Json.NET) does before its own
// rules apply: property names match case-insensitively, and a string holding a number or a boolean is read as one
// where the schema wants a number, integer or boolean. ARM passes a template's values through as the template's types
// make them, so the published quickstarts send "cpu": "1.0", "port": "443" and "memoryInGb" and deploy (Azure's own
// quickstart CI deploys every one). A template deployment hands the group to the provider through this reader.
import { Schema, containerGroupSchema } from './container-group-schema';

type Json = unknown;

export function readAsProvider(body: Json): Json {
  return read(body, containerGroupSchema);
}

function read(value: Json, schema: Schema): Json {
  switch (schema.t) {
    case 'number':
    case 'integer':
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        const n = Number(value);
        return schema.t === 'integer' && !Number.isInteger(n) ? value : n;
      }
      return value;
    case 'boolean':
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      return value;
    case 'array':
      return Array.isArray(value) ? value.map((v) => read(v, schema.items)) : value;
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, Json> = {};
      const known = Object.keys(schema.props);
      for (const [k, v] of Object.entries(value)) {
        const canonical = known.find((name) => name.toLowerCase() === k.toLowerCase());
        if (canonical) out[canonical] = read(v, schema.props[canonical]);
        else out[k] = schema.values ? read(v, schema.values) : v;
      }
      return out;
    }
    default:
      return value;
  }
}
