// A tiny BERT-shaped sentence-embedding model written at test time in pure JS (no network, no real
// weights): onnx/model_quantized.onnx (built with onnx-proto), a WordPiece tokenizer.json,
// tokenizer_config.json and config.json. Transformers.js loads it with the same code path as
// Xenova/paraphrase-multilingual-MiniLM-L12-v2 (feature-extraction, mean pooling, 384 dims).
//
// Graph: last_hidden_state = tanh((E_word[input_ids] + E_type[token_type_ids]) · W + b) ⊙ mask
// Random (seeded) weights: texts that share tokens get close mean-pooled vectors.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export const TINY_DIMS = 384;

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

// Words common in tool errors; everything else is spelled with single characters + ##pieces.
const WORDS = `error errors cannot find module modules not found no such file directory permission denied
failed failure fatal exception traceback type typeerror referenceerror syntaxerror unexpected token
undefined null is a an the of to in on at for from with by or and be was were has have had its it
function callable object property read write reading writing import export default require resolve
resolved package packages dependency dependencies version conflict install installed npm node yarn
pnpm python pip cargo rust git docker build compile compiler test tests assertion expected received
line column index out range key value name command exit code timeout timed connection refused reset
refuse network host port address already use used process killed memory heap stack overflow
segmentation fault abort core dumped syntax invalid argument arguments missing required option
unknown flag merge branch commit push pull remote origin rejected fetch checkout head detached
repository lock lockfile json parse unterminated string number integer float bool boolean array list
dict tuple attribute has no member method class struct trait implemented borrow borrowed mutable
lifetime mismatched types assignable ts type declaration declarations corresponding or its could
server client request response status http https url certificate ssl tls verify permission access
forbidden unauthorized authentication token credentials image container daemon running run pull
manifest unknown layer disk space left device quota exceeded too many open files limit`
  .split(/\s+/)
  .filter(Boolean);

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
const PUNCT = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`.split('');

export function tinyVocab(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of [...SPECIAL, ...WORDS, ...CHARS, ...PUNCT, ...CHARS.map((c) => '##' + c)]) {
    if (!seen.has(t)) {
      seen.add(t);
      out.push(t);
    }
  }
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function floatTensor(name: string, dims: number[], data: Float32Array) {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  });
}

function int64Tensor(name: string, values: number[]) {
  const buf = new BigInt64Array(values.map((v) => BigInt(v)));
  return onnx.TensorProto.create({
    name,
    dims: [values.length],
    dataType: onnx.TensorProto.DataType.INT64,
    rawData: new Uint8Array(buf.buffer),
  });
}

function valueInfo(name: string, elemType: number, dims: (string | number)[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType,
        shape: onnx.TensorShapeProto.create({
          dim: dims.map((d) =>
            typeof d === 'string'
              ? onnx.TensorShapeProto.Dimension.create({ dimParam: d })
              : onnx.TensorShapeProto.Dimension.create({ dimValue: d }),
          ),
        }),
      }),
    }),
  });
}

/** The ONNX bytes of the tiny model. */
export function tinyOnnx(vocabSize: number, dims = TINY_DIMS, seed = 42): Uint8Array {
  const rand = mulberry32(seed);
  const word = new Float32Array(vocabSize * dims);
  for (let i = 0; i < word.length; i++) word[i] = gaussian(rand);
  const type = new Float32Array(2 * dims);
  for (let i = 0; i < type.length; i++) type[i] = gaussian(rand) * 0.05;
  const w = new Float32Array(dims * dims);
  const scale = 1 / Math.sqrt(dims);
  for (let i = 0; i < w.length; i++) w[i] = gaussian(rand) * scale;
  const bias = new Float32Array(dims);
  for (let i = 0; i < dims; i++) bias[i] = gaussian(rand) * 0.01;

  const T = onnx.TensorProto.DataType;
  const node = (opType: string, input: string[], output: string[], attribute: unknown[] = []) =>
    onnx.NodeProto.create({ opType, input, output, name: output[0], attribute: attribute as never[] });
  const graph = onnx.GraphProto.create({
    name: 'tiny_bert',
    node: [
      node(
        'Gather',
        ['word_embeddings', 'input_ids'],
        ['we'],
        [onnx.AttributeProto.create({ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 })],
      ),
      node(
        'Gather',
        ['token_type_embeddings', 'token_type_ids'],
        ['te'],
        [onnx.AttributeProto.create({ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 })],
      ),
      node('Add', ['we', 'te'], ['emb']),
      node('MatMul', ['emb', 'dense_weight'], ['mm']),
      node('Add', ['mm', 'dense_bias'], ['pre']),
      node('Tanh', ['pre'], ['act']),
      node(
        'Cast',
        ['attention_mask'],
        ['mask_f'],
        [onnx.AttributeProto.create({ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: T.FLOAT })],
      ),
      node('Unsqueeze', ['mask_f', 'unsqueeze_axes'], ['mask3']),
      node('Mul', ['act', 'mask3'], ['last_hidden_state']),
    ],
    initializer: [
      floatTensor('word_embeddings', [vocabSize, dims], word),
      floatTensor('token_type_embeddings', [2, dims], type),
      floatTensor('dense_weight', [dims, dims], w),
      floatTensor('dense_bias', [dims], bias),
      int64Tensor('unsqueeze_axes', [-1]),
    ],
    input: [
      valueInfo('input_ids', T.INT64, ['batch_size', 'sequence_length']),
      valueInfo('attention_mask', T.INT64, ['batch_size', 'sequence_length']),
      valueInfo('token_type_ids', T.INT64, ['batch_size', 'sequence_length']),
    ],
    output: [valueInfo('last_hidden_state', T.FLOAT, ['batch_size', 'sequence_length', dims])],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'self-generation-test',
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: 13 })],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

export function tinyTokenizerJson(vocab: string[]): unknown {
  const ids: Record<string, number> = {};
  vocab.forEach((t, i) => (ids[t] = i));
  const id = (t: string) => ids[t] as number;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((t) => ({
      id: id(t),
      content: t,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: ids,
    },
  };
}

export interface TinyModel {
  /** The model folder (what `embedding.modelPath` points at). */
  dir: string;
  vocabSize: number;
  dims: number;
  files: string[];
}

/** Writes the tiny model into `dir` (created). `dtypeFile` defaults to the q8 file name. */
export function writeTinyModel(dir: string, opts: { seed?: number; onnxFile?: string } = {}): TinyModel {
  const vocab = tinyVocab();
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const files: Record<string, string | Uint8Array> = {
    'config.json': JSON.stringify({
      architectures: ['BertModel'],
      model_type: 'bert',
      hidden_size: TINY_DIMS,
      intermediate_size: TINY_DIMS,
      num_attention_heads: 12,
      num_hidden_layers: 1,
      max_position_embeddings: 512,
      type_vocab_size: 2,
      vocab_size: vocab.length,
      pad_token_id: 0,
    }),
    'tokenizer.json': JSON.stringify(tinyTokenizerJson(vocab)),
    'tokenizer_config.json': JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 128,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      mask_token: '[MASK]',
      clean_up_tokenization_spaces: true,
    }),
    'special_tokens_map.json': JSON.stringify({
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      mask_token: '[MASK]',
    }),
    [opts.onnxFile ?? 'onnx/model_quantized.onnx']: tinyOnnx(vocab.length, TINY_DIMS, opts.seed ?? 42),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return { dir, vocabSize: vocab.length, dims: TINY_DIMS, files: Object.keys(files) };
}
