// Reads a container group body the way the resource provider's JSON reader (Newtonsoft Json.NET) does before its own
// rules apply: property names match case-insensitively, a string holding a number or a boolean is read as one where the
// schema wants a number, integer or boolean, and an enum in any case is read as its declared value. ARM passes a
// template's values through with the types the template gives them, so the published quickstarts send "cpu": "1.0",
// "port": "443", "memoryInGb" and "udp" and deploy (Azure's quickstart pipeline deploys every one). A template
// deployment hands each group to the provider through this reader.
import { Schema, containerGroupSchema } from './containerGroupSchema';

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
    case 'enum':
      // An enum is read case-insensitively and written back in its declared spelling ("udp" → "UDP").
      return typeof value === 'string' ? (schema.values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? value) : value;
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
