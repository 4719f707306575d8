import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// ../../main/node_modules/@secretlint/secretlint-rule-preset-recommend/module/index.js
var module_exports = {};
__export(module_exports, {
  creator: () => creator,
  rules: () => rules
});
import path from "node:path";
function requireLodash_uniq() {
  if (hasRequiredLodash_uniq) return lodash_uniq;
  hasRequiredLodash_uniq = 1;
  var LARGE_ARRAY_SIZE = 200;
  var HASH_UNDEFINED = "__lodash_hash_undefined__";
  var INFINITY = 1 / 0;
  var funcTag = "[object Function]", genTag = "[object GeneratorFunction]";
  var reRegExpChar = /[\\^$.*+?()[\]{}|]/g;
  var reIsHostCtor = /^\[object .+?Constructor\]$/;
  var freeGlobal = typeof commonjsGlobal == "object" && commonjsGlobal && commonjsGlobal.Object === Object && commonjsGlobal;
  var freeSelf = typeof self == "object" && self && self.Object === Object && self;
  var root = freeGlobal || freeSelf || Function("return this")();
  function arrayIncludes(array, value) {
    var length = array ? array.length : 0;
    return !!length && baseIndexOf(array, value, 0) > -1;
  }
  function baseFindIndex(array, predicate, fromIndex, fromRight) {
    var length = array.length, index = fromIndex + -1;
    while (++index < length) {
      if (predicate(array[index], index, array)) {
        return index;
      }
    }
    return -1;
  }
  function baseIndexOf(array, value, fromIndex) {
    if (value !== value) {
      return baseFindIndex(array, baseIsNaN, fromIndex);
    }
    var index = fromIndex - 1, length = array.length;
    while (++index < length) {
      if (array[index] === value) {
        return index;
      }
    }
    return -1;
  }
  function baseIsNaN(value) {
    return value !== value;
  }
  function cacheHas(cache, key) {
    return cache.has(key);
  }
  function getValue(object2, key) {
    return object2 == null ? void 0 : object2[key];
  }
  function isHostObject(value) {
    var result = false;
    if (value != null && typeof value.toString != "function") {
      try {
        result = !!(value + "");
      } catch (e) {
      }
    }
    return result;
  }
  function setToArray(set) {
    var index = -1, result = Array(set.size);
    set.forEach(function(value) {
      result[++index] = value;
    });
    return result;
  }
  var arrayProto = Array.prototype, funcProto = Function.prototype, objectProto = Object.prototype;
  var coreJsData = root["__core-js_shared__"];
  var maskSrcKey = (function() {
    var uid = /[^.]+$/.exec(coreJsData && coreJsData.keys && coreJsData.keys.IE_PROTO || "");
    return uid ? "Symbol(src)_1." + uid : "";
  })();
  var funcToString = funcProto.toString;
  var hasOwnProperty = objectProto.hasOwnProperty;
  var objectToString = objectProto.toString;
  var reIsNative = RegExp(
    "^" + funcToString.call(hasOwnProperty).replace(reRegExpChar, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"
  );
  var splice = arrayProto.splice;
  var Map2 = getNative(root, "Map"), Set2 = getNative(root, "Set"), nativeCreate = getNative(Object, "create");
  function Hash(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function hashClear() {
    this.__data__ = nativeCreate ? nativeCreate(null) : {};
  }
  function hashDelete(key) {
    return this.has(key) && delete this.__data__[key];
  }
  function hashGet(key) {
    var data = this.__data__;
    if (nativeCreate) {
      var result = data[key];
      return result === HASH_UNDEFINED ? void 0 : result;
    }
    return hasOwnProperty.call(data, key) ? data[key] : void 0;
  }
  function hashHas(key) {
    var data = this.__data__;
    return nativeCreate ? data[key] !== void 0 : hasOwnProperty.call(data, key);
  }
  function hashSet(key, value) {
    var data = this.__data__;
    data[key] = nativeCreate && value === void 0 ? HASH_UNDEFINED : value;
    return this;
  }
  Hash.prototype.clear = hashClear;
  Hash.prototype["delete"] = hashDelete;
  Hash.prototype.get = hashGet;
  Hash.prototype.has = hashHas;
  Hash.prototype.set = hashSet;
  function ListCache(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function listCacheClear() {
    this.__data__ = [];
  }
  function listCacheDelete(key) {
    var data = this.__data__, index = assocIndexOf(data, key);
    if (index < 0) {
      return false;
    }
    var lastIndex = data.length - 1;
    if (index == lastIndex) {
      data.pop();
    } else {
      splice.call(data, index, 1);
    }
    return true;
  }
  function listCacheGet(key) {
    var data = this.__data__, index = assocIndexOf(data, key);
    return index < 0 ? void 0 : data[index][1];
  }
  function listCacheHas(key) {
    return assocIndexOf(this.__data__, key) > -1;
  }
  function listCacheSet(key, value) {
    var data = this.__data__, index = assocIndexOf(data, key);
    if (index < 0) {
      data.push([key, value]);
    } else {
      data[index][1] = value;
    }
    return this;
  }
  ListCache.prototype.clear = listCacheClear;
  ListCache.prototype["delete"] = listCacheDelete;
  ListCache.prototype.get = listCacheGet;
  ListCache.prototype.has = listCacheHas;
  ListCache.prototype.set = listCacheSet;
  function MapCache(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function mapCacheClear() {
    this.__data__ = {
      "hash": new Hash(),
      "map": new (Map2 || ListCache)(),
      "string": new Hash()
    };
  }
  function mapCacheDelete(key) {
    return getMapData(this, key)["delete"](key);
  }
  function mapCacheGet(key) {
    return getMapData(this, key).get(key);
  }
  function mapCacheHas(key) {
    return getMapData(this, key).has(key);
  }
  function mapCacheSet(key, value) {
    getMapData(this, key).set(key, value);
    return this;
  }
  MapCache.prototype.clear = mapCacheClear;
  MapCache.prototype["delete"] = mapCacheDelete;
  MapCache.prototype.get = mapCacheGet;
  MapCache.prototype.has = mapCacheHas;
  MapCache.prototype.set = mapCacheSet;
  function SetCache(values) {
    var index = -1, length = values ? values.length : 0;
    this.__data__ = new MapCache();
    while (++index < length) {
      this.add(values[index]);
    }
  }
  function setCacheAdd(value) {
    this.__data__.set(value, HASH_UNDEFINED);
    return this;
  }
  function setCacheHas(value) {
    return this.__data__.has(value);
  }
  SetCache.prototype.add = SetCache.prototype.push = setCacheAdd;
  SetCache.prototype.has = setCacheHas;
  function assocIndexOf(array, key) {
    var length = array.length;
    while (length--) {
      if (eq(array[length][0], key)) {
        return length;
      }
    }
    return -1;
  }
  function baseIsNative(value) {
    if (!isObject2(value) || isMasked(value)) {
      return false;
    }
    var pattern = isFunction(value) || isHostObject(value) ? reIsNative : reIsHostCtor;
    return pattern.test(toSource(value));
  }
  function baseUniq(array, iteratee, comparator) {
    var index = -1, includes = arrayIncludes, length = array.length, isCommon = true, result = [], seen = result;
    if (length >= LARGE_ARRAY_SIZE) {
      var set = createSet(array);
      if (set) {
        return setToArray(set);
      }
      isCommon = false;
      includes = cacheHas;
      seen = new SetCache();
    } else {
      seen = result;
    }
    outer:
      while (++index < length) {
        var value = array[index], computed = value;
        value = value !== 0 ? value : 0;
        if (isCommon && computed === computed) {
          var seenIndex = seen.length;
          while (seenIndex--) {
            if (seen[seenIndex] === computed) {
              continue outer;
            }
          }
          result.push(value);
        } else if (!includes(seen, computed, comparator)) {
          if (seen !== result) {
            seen.push(computed);
          }
          result.push(value);
        }
      }
    return result;
  }
  var createSet = !(Set2 && 1 / setToArray(new Set2([, -0]))[1] == INFINITY) ? noop : function(values) {
    return new Set2(values);
  };
  function getMapData(map, key) {
    var data = map.__data__;
    return isKeyable(key) ? data[typeof key == "string" ? "string" : "hash"] : data.map;
  }
  function getNative(object2, key) {
    var value = getValue(object2, key);
    return baseIsNative(value) ? value : void 0;
  }
  function isKeyable(value) {
    var type = typeof value;
    return type == "string" || type == "number" || type == "symbol" || type == "boolean" ? value !== "__proto__" : value === null;
  }
  function isMasked(func) {
    return !!maskSrcKey && maskSrcKey in func;
  }
  function toSource(func) {
    if (func != null) {
      try {
        return funcToString.call(func);
      } catch (e) {
      }
      try {
        return func + "";
      } catch (e) {
      }
    }
    return "";
  }
  function uniq(array) {
    return array && array.length ? baseUniq(array) : [];
  }
  function eq(value, other) {
    return value === other || value !== value && other !== other;
  }
  function isFunction(value) {
    var tag2 = isObject2(value) ? objectToString.call(value) : "";
    return tag2 == funcTag || tag2 == genTag;
  }
  function isObject2(value) {
    var type = typeof value;
    return !!value && (type == "object" || type == "function");
  }
  function noop() {
  }
  lodash_uniq = uniq;
  return lodash_uniq;
}
function requireLodash_uniqwith() {
  if (hasRequiredLodash_uniqwith) return lodash_uniqwith;
  hasRequiredLodash_uniqwith = 1;
  var LARGE_ARRAY_SIZE = 200;
  var HASH_UNDEFINED = "__lodash_hash_undefined__";
  var INFINITY = 1 / 0;
  var funcTag = "[object Function]", genTag = "[object GeneratorFunction]";
  var reRegExpChar = /[\\^$.*+?()[\]{}|]/g;
  var reIsHostCtor = /^\[object .+?Constructor\]$/;
  var freeGlobal = typeof commonjsGlobal == "object" && commonjsGlobal && commonjsGlobal.Object === Object && commonjsGlobal;
  var freeSelf = typeof self == "object" && self && self.Object === Object && self;
  var root = freeGlobal || freeSelf || Function("return this")();
  function arrayIncludes(array, value) {
    var length = array ? array.length : 0;
    return !!length && baseIndexOf(array, value, 0) > -1;
  }
  function arrayIncludesWith(array, value, comparator) {
    var index = -1, length = array ? array.length : 0;
    while (++index < length) {
      if (comparator(value, array[index])) {
        return true;
      }
    }
    return false;
  }
  function baseFindIndex(array, predicate, fromIndex, fromRight) {
    var length = array.length, index = fromIndex + -1;
    while (++index < length) {
      if (predicate(array[index], index, array)) {
        return index;
      }
    }
    return -1;
  }
  function baseIndexOf(array, value, fromIndex) {
    if (value !== value) {
      return baseFindIndex(array, baseIsNaN, fromIndex);
    }
    var index = fromIndex - 1, length = array.length;
    while (++index < length) {
      if (array[index] === value) {
        return index;
      }
    }
    return -1;
  }
  function baseIsNaN(value) {
    return value !== value;
  }
  function cacheHas(cache, key) {
    return cache.has(key);
  }
  function getValue(object2, key) {
    return object2 == null ? void 0 : object2[key];
  }
  function isHostObject(value) {
    var result = false;
    if (value != null && typeof value.toString != "function") {
      try {
        result = !!(value + "");
      } catch (e) {
      }
    }
    return result;
  }
  function setToArray(set) {
    var index = -1, result = Array(set.size);
    set.forEach(function(value) {
      result[++index] = value;
    });
    return result;
  }
  var arrayProto = Array.prototype, funcProto = Function.prototype, objectProto = Object.prototype;
  var coreJsData = root["__core-js_shared__"];
  var maskSrcKey = (function() {
    var uid = /[^.]+$/.exec(coreJsData && coreJsData.keys && coreJsData.keys.IE_PROTO || "");
    return uid ? "Symbol(src)_1." + uid : "";
  })();
  var funcToString = funcProto.toString;
  var hasOwnProperty = objectProto.hasOwnProperty;
  var objectToString = objectProto.toString;
  var reIsNative = RegExp(
    "^" + funcToString.call(hasOwnProperty).replace(reRegExpChar, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"
  );
  var splice = arrayProto.splice;
  var Map2 = getNative(root, "Map"), Set2 = getNative(root, "Set"), nativeCreate = getNative(Object, "create");
  function Hash(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function hashClear() {
    this.__data__ = nativeCreate ? nativeCreate(null) : {};
  }
  function hashDelete(key) {
    return this.has(key) && delete this.__data__[key];
  }
  function hashGet(key) {
    var data = this.__data__;
    if (nativeCreate) {
      var result = data[key];
      return result === HASH_UNDEFINED ? void 0 : result;
    }
    return hasOwnProperty.call(data, key) ? data[key] : void 0;
  }
  function hashHas(key) {
    var data = this.__data__;
    return nativeCreate ? data[key] !== void 0 : hasOwnProperty.call(data, key);
  }
  function hashSet(key, value) {
    var data = this.__data__;
    data[key] = nativeCreate && value === void 0 ? HASH_UNDEFINED : value;
    return this;
  }
  Hash.prototype.clear = hashClear;
  Hash.prototype["delete"] = hashDelete;
  Hash.prototype.get = hashGet;
  Hash.prototype.has = hashHas;
  Hash.prototype.set = hashSet;
  function ListCache(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function listCacheClear() {
    this.__data__ = [];
  }
  function listCacheDelete(key) {
    var data = this.__data__, index = assocIndexOf(data, key);
    if (index < 0) {
      return false;
    }
    var lastIndex = data.length - 1;
    if (index == lastIndex) {
      data.pop();
    } else {
      splice.call(data, index, 1);
    }
    return true;
  }
  function listCacheGet(key) {
    var data = this.__data__, index = assocIndexOf(data, key);
    return index < 0 ? void 0 : data[index][1];
  }
  function listCacheHas(key) {
    return assocIndexOf(this.__data__, key) > -1;
  }
  function listCacheSet(key, value) {
    var data = this.__data__, index = assocIndexOf(data, key);
    if (index < 0) {
      data.push([key, value]);
    } else {
      data[index][1] = value;
    }
    return this;
  }
  ListCache.prototype.clear = listCacheClear;
  ListCache.prototype["delete"] = listCacheDelete;
  ListCache.prototype.get = listCacheGet;
  ListCache.prototype.has = listCacheHas;
  ListCache.prototype.set = listCacheSet;
  function MapCache(entries) {
    var index = -1, length = entries ? entries.length : 0;
    this.clear();
    while (++index < length) {
      var entry = entries[index];
      this.set(entry[0], entry[1]);
    }
  }
  function mapCacheClear() {
    this.__data__ = {
      "hash": new Hash(),
      "map": new (Map2 || ListCache)(),
      "string": new Hash()
    };
  }
  function mapCacheDelete(key) {
    return getMapData(this, key)["delete"](key);
  }
  function mapCacheGet(key) {
    return getMapData(this, key).get(key);
  }
  function mapCacheHas(key) {
    return getMapData(this, key).has(key);
  }
  function mapCacheSet(key, value) {
    getMapData(this, key).set(key, value);
    return this;
  }
  MapCache.prototype.clear = mapCacheClear;
  MapCache.prototype["delete"] = mapCacheDelete;
  MapCache.prototype.get = mapCacheGet;
  MapCache.prototype.has = mapCacheHas;
  MapCache.prototype.set = mapCacheSet;
  function SetCache(values) {
    var index = -1, length = values ? values.length : 0;
    this.__data__ = new MapCache();
    while (++index < length) {
      this.add(values[index]);
    }
  }
  function setCacheAdd(value) {
    this.__data__.set(value, HASH_UNDEFINED);
    return this;
  }
  function setCacheHas(value) {
    return this.__data__.has(value);
  }
  SetCache.prototype.add = SetCache.prototype.push = setCacheAdd;
  SetCache.prototype.has = setCacheHas;
  function assocIndexOf(array, key) {
    var length = array.length;
    while (length--) {
      if (eq(array[length][0], key)) {
        return length;
      }
    }
    return -1;
  }
  function baseIsNative(value) {
    if (!isObject2(value) || isMasked(value)) {
      return false;
    }
    var pattern = isFunction(value) || isHostObject(value) ? reIsNative : reIsHostCtor;
    return pattern.test(toSource(value));
  }
  function baseUniq(array, iteratee, comparator) {
    var index = -1, includes = arrayIncludes, length = array.length, isCommon = true, result = [], seen = result;
    if (comparator) {
      isCommon = false;
      includes = arrayIncludesWith;
    } else if (length >= LARGE_ARRAY_SIZE) {
      var set = createSet(array);
      if (set) {
        return setToArray(set);
      }
      isCommon = false;
      includes = cacheHas;
      seen = new SetCache();
    } else {
      seen = result;
    }
    outer:
      while (++index < length) {
        var value = array[index], computed = value;
        value = comparator || value !== 0 ? value : 0;
        if (isCommon && computed === computed) {
          var seenIndex = seen.length;
          while (seenIndex--) {
            if (seen[seenIndex] === computed) {
              continue outer;
            }
          }
          result.push(value);
        } else if (!includes(seen, computed, comparator)) {
          if (seen !== result) {
            seen.push(computed);
          }
          result.push(value);
        }
      }
    return result;
  }
  var createSet = !(Set2 && 1 / setToArray(new Set2([, -0]))[1] == INFINITY) ? noop : function(values) {
    return new Set2(values);
  };
  function getMapData(map, key) {
    var data = map.__data__;
    return isKeyable(key) ? data[typeof key == "string" ? "string" : "hash"] : data.map;
  }
  function getNative(object2, key) {
    var value = getValue(object2, key);
    return baseIsNative(value) ? value : void 0;
  }
  function isKeyable(value) {
    var type = typeof value;
    return type == "string" || type == "number" || type == "symbol" || type == "boolean" ? value !== "__proto__" : value === null;
  }
  function isMasked(func) {
    return !!maskSrcKey && maskSrcKey in func;
  }
  function toSource(func) {
    if (func != null) {
      try {
        return funcToString.call(func);
      } catch (e) {
      }
      try {
        return func + "";
      } catch (e) {
      }
    }
    return "";
  }
  function uniqWith(array, comparator) {
    return array && array.length ? baseUniq(array, void 0, comparator) : [];
  }
  function eq(value, other) {
    return value === other || value !== value && other !== other;
  }
  function isFunction(value) {
    var tag2 = isObject2(value) ? objectToString.call(value) : "";
    return tag2 == funcTag || tag2 == genTag;
  }
  function isObject2(value) {
    var type = typeof value;
    return !!value && (type == "object" || type == "function");
  }
  function noop() {
  }
  lodash_uniqwith = uniqWith;
  return lodash_uniqwith;
}
function requireLodash_sortby() {
  if (hasRequiredLodash_sortby) return lodash_sortby.exports;
  hasRequiredLodash_sortby = 1;
  (function(module, exports) {
    var LARGE_ARRAY_SIZE = 200;
    var FUNC_ERROR_TEXT = "Expected a function";
    var HASH_UNDEFINED = "__lodash_hash_undefined__";
    var UNORDERED_COMPARE_FLAG = 1, PARTIAL_COMPARE_FLAG = 2;
    var MAX_SAFE_INTEGER = 9007199254740991;
    var argsTag = "[object Arguments]", arrayTag = "[object Array]", boolTag = "[object Boolean]", dateTag = "[object Date]", errorTag = "[object Error]", funcTag = "[object Function]", genTag = "[object GeneratorFunction]", mapTag = "[object Map]", numberTag = "[object Number]", objectTag = "[object Object]", promiseTag = "[object Promise]", regexpTag = "[object RegExp]", setTag = "[object Set]", stringTag = "[object String]", symbolTag = "[object Symbol]", weakMapTag = "[object WeakMap]";
    var arrayBufferTag = "[object ArrayBuffer]", dataViewTag = "[object DataView]", float32Tag = "[object Float32Array]", float64Tag = "[object Float64Array]", int8Tag = "[object Int8Array]", int16Tag = "[object Int16Array]", int32Tag = "[object Int32Array]", uint8Tag = "[object Uint8Array]", uint8ClampedTag = "[object Uint8ClampedArray]", uint16Tag = "[object Uint16Array]", uint32Tag = "[object Uint32Array]";
    var reIsDeepProp = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/, reIsPlainProp = /^\w*$/, reLeadingDot = /^\./, rePropName = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
    var reRegExpChar = /[\\^$.*+?()[\]{}|]/g;
    var reEscapeChar = /\\(\\)?/g;
    var reIsHostCtor = /^\[object .+?Constructor\]$/;
    var reIsUint = /^(?:0|[1-9]\d*)$/;
    var typedArrayTags = {};
    typedArrayTags[float32Tag] = typedArrayTags[float64Tag] = typedArrayTags[int8Tag] = typedArrayTags[int16Tag] = typedArrayTags[int32Tag] = typedArrayTags[uint8Tag] = typedArrayTags[uint8ClampedTag] = typedArrayTags[uint16Tag] = typedArrayTags[uint32Tag] = true;
    typedArrayTags[argsTag] = typedArrayTags[arrayTag] = typedArrayTags[arrayBufferTag] = typedArrayTags[boolTag] = typedArrayTags[dataViewTag] = typedArrayTags[dateTag] = typedArrayTags[errorTag] = typedArrayTags[funcTag] = typedArrayTags[mapTag] = typedArrayTags[numberTag] = typedArrayTags[objectTag] = typedArrayTags[regexpTag] = typedArrayTags[setTag] = typedArrayTags[stringTag] = typedArrayTags[weakMapTag] = false;
    var freeGlobal = typeof commonjsGlobal == "object" && commonjsGlobal && commonjsGlobal.Object === Object && commonjsGlobal;
    var freeSelf = typeof self == "object" && self && self.Object === Object && self;
    var root = freeGlobal || freeSelf || Function("return this")();
    var freeExports = exports && !exports.nodeType && exports;
    var freeModule = freeExports && true && module && !module.nodeType && module;
    var moduleExports = freeModule && freeModule.exports === freeExports;
    var freeProcess = moduleExports && freeGlobal.process;
    var nodeUtil = (function() {
      try {
        return freeProcess && freeProcess.binding("util");
      } catch (e) {
      }
    })();
    var nodeIsTypedArray = nodeUtil && nodeUtil.isTypedArray;
    function apply(func, thisArg, args) {
      switch (args.length) {
        case 0:
          return func.call(thisArg);
        case 1:
          return func.call(thisArg, args[0]);
        case 2:
          return func.call(thisArg, args[0], args[1]);
        case 3:
          return func.call(thisArg, args[0], args[1], args[2]);
      }
      return func.apply(thisArg, args);
    }
    function arrayMap(array, iteratee) {
      var index = -1, length = array ? array.length : 0, result = Array(length);
      while (++index < length) {
        result[index] = iteratee(array[index], index, array);
      }
      return result;
    }
    function arrayPush(array, values) {
      var index = -1, length = values.length, offset = array.length;
      while (++index < length) {
        array[offset + index] = values[index];
      }
      return array;
    }
    function arraySome(array, predicate) {
      var index = -1, length = array ? array.length : 0;
      while (++index < length) {
        if (predicate(array[index], index, array)) {
          return true;
        }
      }
      return false;
    }
    function baseProperty(key) {
      return function(object2) {
        return object2 == null ? void 0 : object2[key];
      };
    }
    function baseSortBy(array, comparer) {
      var length = array.length;
      array.sort(comparer);
      while (length--) {
        array[length] = array[length].value;
      }
      return array;
    }
    function baseTimes(n, iteratee) {
      var index = -1, result = Array(n);
      while (++index < n) {
        result[index] = iteratee(index);
      }
      return result;
    }
    function baseUnary(func) {
      return function(value) {
        return func(value);
      };
    }
    function getValue(object2, key) {
      return object2 == null ? void 0 : object2[key];
    }
    function isHostObject(value) {
      var result = false;
      if (value != null && typeof value.toString != "function") {
        try {
          result = !!(value + "");
        } catch (e) {
        }
      }
      return result;
    }
    function mapToArray(map) {
      var index = -1, result = Array(map.size);
      map.forEach(function(value, key) {
        result[++index] = [key, value];
      });
      return result;
    }
    function overArg(func, transform) {
      return function(arg) {
        return func(transform(arg));
      };
    }
    function setToArray(set) {
      var index = -1, result = Array(set.size);
      set.forEach(function(value) {
        result[++index] = value;
      });
      return result;
    }
    var arrayProto = Array.prototype, funcProto = Function.prototype, objectProto = Object.prototype;
    var coreJsData = root["__core-js_shared__"];
    var maskSrcKey = (function() {
      var uid = /[^.]+$/.exec(coreJsData && coreJsData.keys && coreJsData.keys.IE_PROTO || "");
      return uid ? "Symbol(src)_1." + uid : "";
    })();
    var funcToString = funcProto.toString;
    var hasOwnProperty = objectProto.hasOwnProperty;
    var objectToString = objectProto.toString;
    var reIsNative = RegExp(
      "^" + funcToString.call(hasOwnProperty).replace(reRegExpChar, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"
    );
    var Symbol2 = root.Symbol, Uint8Array2 = root.Uint8Array, propertyIsEnumerable = objectProto.propertyIsEnumerable, splice = arrayProto.splice, spreadableSymbol = Symbol2 ? Symbol2.isConcatSpreadable : void 0;
    var nativeKeys = overArg(Object.keys, Object), nativeMax = Math.max;
    var DataView = getNative(root, "DataView"), Map2 = getNative(root, "Map"), Promise2 = getNative(root, "Promise"), Set2 = getNative(root, "Set"), WeakMap2 = getNative(root, "WeakMap"), nativeCreate = getNative(Object, "create");
    var dataViewCtorString = toSource(DataView), mapCtorString = toSource(Map2), promiseCtorString = toSource(Promise2), setCtorString = toSource(Set2), weakMapCtorString = toSource(WeakMap2);
    var symbolProto = Symbol2 ? Symbol2.prototype : void 0, symbolValueOf = symbolProto ? symbolProto.valueOf : void 0, symbolToString = symbolProto ? symbolProto.toString : void 0;
    function Hash(entries) {
      var index = -1, length = entries ? entries.length : 0;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    function hashClear() {
      this.__data__ = nativeCreate ? nativeCreate(null) : {};
    }
    function hashDelete(key) {
      return this.has(key) && delete this.__data__[key];
    }
    function hashGet(key) {
      var data = this.__data__;
      if (nativeCreate) {
        var result = data[key];
        return result === HASH_UNDEFINED ? void 0 : result;
      }
      return hasOwnProperty.call(data, key) ? data[key] : void 0;
    }
    function hashHas(key) {
      var data = this.__data__;
      return nativeCreate ? data[key] !== void 0 : hasOwnProperty.call(data, key);
    }
    function hashSet(key, value) {
      var data = this.__data__;
      data[key] = nativeCreate && value === void 0 ? HASH_UNDEFINED : value;
      return this;
    }
    Hash.prototype.clear = hashClear;
    Hash.prototype["delete"] = hashDelete;
    Hash.prototype.get = hashGet;
    Hash.prototype.has = hashHas;
    Hash.prototype.set = hashSet;
    function ListCache(entries) {
      var index = -1, length = entries ? entries.length : 0;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    function listCacheClear() {
      this.__data__ = [];
    }
    function listCacheDelete(key) {
      var data = this.__data__, index = assocIndexOf(data, key);
      if (index < 0) {
        return false;
      }
      var lastIndex = data.length - 1;
      if (index == lastIndex) {
        data.pop();
      } else {
        splice.call(data, index, 1);
      }
      return true;
    }
    function listCacheGet(key) {
      var data = this.__data__, index = assocIndexOf(data, key);
      return index < 0 ? void 0 : data[index][1];
    }
    function listCacheHas(key) {
      return assocIndexOf(this.__data__, key) > -1;
    }
    function listCacheSet(key, value) {
      var data = this.__data__, index = assocIndexOf(data, key);
      if (index < 0) {
        data.push([key, value]);
      } else {
        data[index][1] = value;
      }
      return this;
    }
    ListCache.prototype.clear = listCacheClear;
    ListCache.prototype["delete"] = listCacheDelete;
    ListCache.prototype.get = listCacheGet;
    ListCache.prototype.has = listCacheHas;
    ListCache.prototype.set = listCacheSet;
    function MapCache(entries) {
      var index = -1, length = entries ? entries.length : 0;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    function mapCacheClear() {
      this.__data__ = {
        "hash": new Hash(),
        "map": new (Map2 || ListCache)(),
        "string": new Hash()
      };
    }
    function mapCacheDelete(key) {
      return getMapData(this, key)["delete"](key);
    }
    function mapCacheGet(key) {
      return getMapData(this, key).get(key);
    }
    function mapCacheHas(key) {
      return getMapData(this, key).has(key);
    }
    function mapCacheSet(key, value) {
      getMapData(this, key).set(key, value);
      return this;
    }
    MapCache.prototype.clear = mapCacheClear;
    MapCache.prototype["delete"] = mapCacheDelete;
    MapCache.prototype.get = mapCacheGet;
    MapCache.prototype.has = mapCacheHas;
    MapCache.prototype.set = mapCacheSet;
    function SetCache(values) {
      var index = -1, length = values ? values.length : 0;
      this.__data__ = new MapCache();
      while (++index < length) {
        this.add(values[index]);
      }
    }
    function setCacheAdd(value) {
      this.__data__.set(value, HASH_UNDEFINED);
      return this;
    }
    function setCacheHas(value) {
      return this.__data__.has(value);
    }
    SetCache.prototype.add = SetCache.prototype.push = setCacheAdd;
    SetCache.prototype.has = setCacheHas;
    function Stack(entries) {
      this.__data__ = new ListCache(entries);
    }
    function stackClear() {
      this.__data__ = new ListCache();
    }
    function stackDelete(key) {
      return this.__data__["delete"](key);
    }
    function stackGet(key) {
      return this.__data__.get(key);
    }
    function stackHas(key) {
      return this.__data__.has(key);
    }
    function stackSet(key, value) {
      var cache = this.__data__;
      if (cache instanceof ListCache) {
        var pairs = cache.__data__;
        if (!Map2 || pairs.length < LARGE_ARRAY_SIZE - 1) {
          pairs.push([key, value]);
          return this;
        }
        cache = this.__data__ = new MapCache(pairs);
      }
      cache.set(key, value);
      return this;
    }
    Stack.prototype.clear = stackClear;
    Stack.prototype["delete"] = stackDelete;
    Stack.prototype.get = stackGet;
    Stack.prototype.has = stackHas;
    Stack.prototype.set = stackSet;
    function arrayLikeKeys(value, inherited) {
      var result = isArray(value) || isArguments(value) ? baseTimes(value.length, String) : [];
      var length = result.length, skipIndexes = !!length;
      for (var key in value) {
        if (hasOwnProperty.call(value, key) && !(skipIndexes && (key == "length" || isIndex(key, length)))) {
          result.push(key);
        }
      }
      return result;
    }
    function assocIndexOf(array, key) {
      var length = array.length;
      while (length--) {
        if (eq(array[length][0], key)) {
          return length;
        }
      }
      return -1;
    }
    var baseEach = createBaseEach(baseForOwn);
    function baseFlatten(array, depth, predicate, isStrict, result) {
      var index = -1, length = array.length;
      predicate || (predicate = isFlattenable);
      result || (result = []);
      while (++index < length) {
        var value = array[index];
        if (predicate(value)) {
          {
            arrayPush(result, value);
          }
        } else {
          result[result.length] = value;
        }
      }
      return result;
    }
    var baseFor = createBaseFor();
    function baseForOwn(object2, iteratee) {
      return object2 && baseFor(object2, iteratee, keys);
    }
    function baseGet(object2, path2) {
      path2 = isKey(path2, object2) ? [path2] : castPath(path2);
      var index = 0, length = path2.length;
      while (object2 != null && index < length) {
        object2 = object2[toKey(path2[index++])];
      }
      return index && index == length ? object2 : void 0;
    }
    function baseGetTag(value) {
      return objectToString.call(value);
    }
    function baseHasIn(object2, key) {
      return object2 != null && key in Object(object2);
    }
    function baseIsEqual(value, other, customizer, bitmask, stack) {
      if (value === other) {
        return true;
      }
      if (value == null || other == null || !isObject2(value) && !isObjectLike(other)) {
        return value !== value && other !== other;
      }
      return baseIsEqualDeep(value, other, baseIsEqual, customizer, bitmask, stack);
    }
    function baseIsEqualDeep(object2, other, equalFunc, customizer, bitmask, stack) {
      var objIsArr = isArray(object2), othIsArr = isArray(other), objTag = arrayTag, othTag = arrayTag;
      if (!objIsArr) {
        objTag = getTag(object2);
        objTag = objTag == argsTag ? objectTag : objTag;
      }
      if (!othIsArr) {
        othTag = getTag(other);
        othTag = othTag == argsTag ? objectTag : othTag;
      }
      var objIsObj = objTag == objectTag && !isHostObject(object2), othIsObj = othTag == objectTag && !isHostObject(other), isSameTag = objTag == othTag;
      if (isSameTag && !objIsObj) {
        stack || (stack = new Stack());
        return objIsArr || isTypedArray(object2) ? equalArrays(object2, other, equalFunc, customizer, bitmask, stack) : equalByTag(object2, other, objTag, equalFunc, customizer, bitmask, stack);
      }
      if (!(bitmask & PARTIAL_COMPARE_FLAG)) {
        var objIsWrapped = objIsObj && hasOwnProperty.call(object2, "__wrapped__"), othIsWrapped = othIsObj && hasOwnProperty.call(other, "__wrapped__");
        if (objIsWrapped || othIsWrapped) {
          var objUnwrapped = objIsWrapped ? object2.value() : object2, othUnwrapped = othIsWrapped ? other.value() : other;
          stack || (stack = new Stack());
          return equalFunc(objUnwrapped, othUnwrapped, customizer, bitmask, stack);
        }
      }
      if (!isSameTag) {
        return false;
      }
      stack || (stack = new Stack());
      return equalObjects(object2, other, equalFunc, customizer, bitmask, stack);
    }
    function baseIsMatch(object2, source, matchData, customizer) {
      var index = matchData.length, length = index;
      if (object2 == null) {
        return !length;
      }
      object2 = Object(object2);
      while (index--) {
        var data = matchData[index];
        if (data[2] ? data[1] !== object2[data[0]] : !(data[0] in object2)) {
          return false;
        }
      }
      while (++index < length) {
        data = matchData[index];
        var key = data[0], objValue = object2[key], srcValue = data[1];
        if (data[2]) {
          if (objValue === void 0 && !(key in object2)) {
            return false;
          }
        } else {
          var stack = new Stack();
          var result;
          if (!(result === void 0 ? baseIsEqual(srcValue, objValue, customizer, UNORDERED_COMPARE_FLAG | PARTIAL_COMPARE_FLAG, stack) : result)) {
            return false;
          }
        }
      }
      return true;
    }
    function baseIsNative(value) {
      if (!isObject2(value) || isMasked(value)) {
        return false;
      }
      var pattern = isFunction(value) || isHostObject(value) ? reIsNative : reIsHostCtor;
      return pattern.test(toSource(value));
    }
    function baseIsTypedArray(value) {
      return isObjectLike(value) && isLength(value.length) && !!typedArrayTags[objectToString.call(value)];
    }
    function baseIteratee(value) {
      if (typeof value == "function") {
        return value;
      }
      if (value == null) {
        return identity;
      }
      if (typeof value == "object") {
        return isArray(value) ? baseMatchesProperty(value[0], value[1]) : baseMatches(value);
      }
      return property(value);
    }
    function baseKeys(object2) {
      if (!isPrototype(object2)) {
        return nativeKeys(object2);
      }
      var result = [];
      for (var key in Object(object2)) {
        if (hasOwnProperty.call(object2, key) && key != "constructor") {
          result.push(key);
        }
      }
      return result;
    }
    function baseMap(collection, iteratee) {
      var index = -1, result = isArrayLike(collection) ? Array(collection.length) : [];
      baseEach(collection, function(value, key, collection2) {
        result[++index] = iteratee(value, key, collection2);
      });
      return result;
    }
    function baseMatches(source) {
      var matchData = getMatchData(source);
      if (matchData.length == 1 && matchData[0][2]) {
        return matchesStrictComparable(matchData[0][0], matchData[0][1]);
      }
      return function(object2) {
        return object2 === source || baseIsMatch(object2, source, matchData);
      };
    }
    function baseMatchesProperty(path2, srcValue) {
      if (isKey(path2) && isStrictComparable(srcValue)) {
        return matchesStrictComparable(toKey(path2), srcValue);
      }
      return function(object2) {
        var objValue = get(object2, path2);
        return objValue === void 0 && objValue === srcValue ? hasIn(object2, path2) : baseIsEqual(srcValue, objValue, void 0, UNORDERED_COMPARE_FLAG | PARTIAL_COMPARE_FLAG);
      };
    }
    function baseOrderBy(collection, iteratees, orders) {
      var index = -1;
      iteratees = arrayMap(iteratees.length ? iteratees : [identity], baseUnary(baseIteratee));
      var result = baseMap(collection, function(value, key, collection2) {
        var criteria = arrayMap(iteratees, function(iteratee) {
          return iteratee(value);
        });
        return { "criteria": criteria, "index": ++index, "value": value };
      });
      return baseSortBy(result, function(object2, other) {
        return compareMultiple(object2, other, orders);
      });
    }
    function basePropertyDeep(path2) {
      return function(object2) {
        return baseGet(object2, path2);
      };
    }
    function baseRest(func, start) {
      start = nativeMax(start === void 0 ? func.length - 1 : start, 0);
      return function() {
        var args = arguments, index = -1, length = nativeMax(args.length - start, 0), array = Array(length);
        while (++index < length) {
          array[index] = args[start + index];
        }
        index = -1;
        var otherArgs = Array(start + 1);
        while (++index < start) {
          otherArgs[index] = args[index];
        }
        otherArgs[start] = array;
        return apply(func, this, otherArgs);
      };
    }
    function baseToString(value) {
      if (typeof value == "string") {
        return value;
      }
      if (isSymbol(value)) {
        return symbolToString ? symbolToString.call(value) : "";
      }
      var result = value + "";
      return result == "0" && 1 / value == -Infinity ? "-0" : result;
    }
    function castPath(value) {
      return isArray(value) ? value : stringToPath(value);
    }
    function compareAscending(value, other) {
      if (value !== other) {
        var valIsDefined = value !== void 0, valIsNull = value === null, valIsReflexive = value === value, valIsSymbol = isSymbol(value);
        var othIsDefined = other !== void 0, othIsNull = other === null, othIsReflexive = other === other, othIsSymbol = isSymbol(other);
        if (!othIsNull && !othIsSymbol && !valIsSymbol && value > other || valIsSymbol && othIsDefined && othIsReflexive && !othIsNull && !othIsSymbol || valIsNull && othIsDefined && othIsReflexive || !valIsDefined && othIsReflexive || !valIsReflexive) {
          return 1;
        }
        if (!valIsNull && !valIsSymbol && !othIsSymbol && value < other || othIsSymbol && valIsDefined && valIsReflexive && !valIsNull && !valIsSymbol || othIsNull && valIsDefined && valIsReflexive || !othIsDefined && valIsReflexive || !othIsReflexive) {
          return -1;
        }
      }
      return 0;
    }
    function compareMultiple(object2, other, orders) {
      var index = -1, objCriteria = object2.criteria, othCriteria = other.criteria, length = objCriteria.length, ordersLength = orders.length;
      while (++index < length) {
        var result = compareAscending(objCriteria[index], othCriteria[index]);
        if (result) {
          if (index >= ordersLength) {
            return result;
          }
          var order = orders[index];
          return result * (order == "desc" ? -1 : 1);
        }
      }
      return object2.index - other.index;
    }
    function createBaseEach(eachFunc, fromRight) {
      return function(collection, iteratee) {
        if (collection == null) {
          return collection;
        }
        if (!isArrayLike(collection)) {
          return eachFunc(collection, iteratee);
        }
        var length = collection.length, index = -1, iterable = Object(collection);
        while (++index < length) {
          if (iteratee(iterable[index], index, iterable) === false) {
            break;
          }
        }
        return collection;
      };
    }
    function createBaseFor(fromRight) {
      return function(object2, iteratee, keysFunc) {
        var index = -1, iterable = Object(object2), props = keysFunc(object2), length = props.length;
        while (length--) {
          var key = props[++index];
          if (iteratee(iterable[key], key, iterable) === false) {
            break;
          }
        }
        return object2;
      };
    }
    function equalArrays(array, other, equalFunc, customizer, bitmask, stack) {
      var isPartial = bitmask & PARTIAL_COMPARE_FLAG, arrLength = array.length, othLength = other.length;
      if (arrLength != othLength && !(isPartial && othLength > arrLength)) {
        return false;
      }
      var stacked = stack.get(array);
      if (stacked && stack.get(other)) {
        return stacked == other;
      }
      var index = -1, result = true, seen = bitmask & UNORDERED_COMPARE_FLAG ? new SetCache() : void 0;
      stack.set(array, other);
      stack.set(other, array);
      while (++index < arrLength) {
        var arrValue = array[index], othValue = other[index];
        if (customizer) {
          var compared = isPartial ? customizer(othValue, arrValue, index, other, array, stack) : customizer(arrValue, othValue, index, array, other, stack);
        }
        if (compared !== void 0) {
          if (compared) {
            continue;
          }
          result = false;
          break;
        }
        if (seen) {
          if (!arraySome(other, function(othValue2, othIndex) {
            if (!seen.has(othIndex) && (arrValue === othValue2 || equalFunc(arrValue, othValue2, customizer, bitmask, stack))) {
              return seen.add(othIndex);
            }
          })) {
            result = false;
            break;
          }
        } else if (!(arrValue === othValue || equalFunc(arrValue, othValue, customizer, bitmask, stack))) {
          result = false;
          break;
        }
      }
      stack["delete"](array);
      stack["delete"](other);
      return result;
    }
    function equalByTag(object2, other, tag2, equalFunc, customizer, bitmask, stack) {
      switch (tag2) {
        case dataViewTag:
          if (object2.byteLength != other.byteLength || object2.byteOffset != other.byteOffset) {
            return false;
          }
          object2 = object2.buffer;
          other = other.buffer;
        case arrayBufferTag:
          if (object2.byteLength != other.byteLength || !equalFunc(new Uint8Array2(object2), new Uint8Array2(other))) {
            return false;
          }
          return true;
        case boolTag:
        case dateTag:
        case numberTag:
          return eq(+object2, +other);
        case errorTag:
          return object2.name == other.name && object2.message == other.message;
        case regexpTag:
        case stringTag:
          return object2 == other + "";
        case mapTag:
          var convert = mapToArray;
        case setTag:
          var isPartial = bitmask & PARTIAL_COMPARE_FLAG;
          convert || (convert = setToArray);
          if (object2.size != other.size && !isPartial) {
            return false;
          }
          var stacked = stack.get(object2);
          if (stacked) {
            return stacked == other;
          }
          bitmask |= UNORDERED_COMPARE_FLAG;
          stack.set(object2, other);
          var result = equalArrays(convert(object2), convert(other), equalFunc, customizer, bitmask, stack);
          stack["delete"](object2);
          return result;
        case symbolTag:
          if (symbolValueOf) {
            return symbolValueOf.call(object2) == symbolValueOf.call(other);
          }
      }
      return false;
    }
    function equalObjects(object2, other, equalFunc, customizer, bitmask, stack) {
      var isPartial = bitmask & PARTIAL_COMPARE_FLAG, objProps = keys(object2), objLength = objProps.length, othProps = keys(other), othLength = othProps.length;
      if (objLength != othLength && !isPartial) {
        return false;
      }
      var index = objLength;
      while (index--) {
        var key = objProps[index];
        if (!(isPartial ? key in other : hasOwnProperty.call(other, key))) {
          return false;
        }
      }
      var stacked = stack.get(object2);
      if (stacked && stack.get(other)) {
        return stacked == other;
      }
      var result = true;
      stack.set(object2, other);
      stack.set(other, object2);
      var skipCtor = isPartial;
      while (++index < objLength) {
        key = objProps[index];
        var objValue = object2[key], othValue = other[key];
        if (customizer) {
          var compared = isPartial ? customizer(othValue, objValue, key, other, object2, stack) : customizer(objValue, othValue, key, object2, other, stack);
        }
        if (!(compared === void 0 ? objValue === othValue || equalFunc(objValue, othValue, customizer, bitmask, stack) : compared)) {
          result = false;
          break;
        }
        skipCtor || (skipCtor = key == "constructor");
      }
      if (result && !skipCtor) {
        var objCtor = object2.constructor, othCtor = other.constructor;
        if (objCtor != othCtor && ("constructor" in object2 && "constructor" in other) && !(typeof objCtor == "function" && objCtor instanceof objCtor && typeof othCtor == "function" && othCtor instanceof othCtor)) {
          result = false;
        }
      }
      stack["delete"](object2);
      stack["delete"](other);
      return result;
    }
    function getMapData(map, key) {
      var data = map.__data__;
      return isKeyable(key) ? data[typeof key == "string" ? "string" : "hash"] : data.map;
    }
    function getMatchData(object2) {
      var result = keys(object2), length = result.length;
      while (length--) {
        var key = result[length], value = object2[key];
        result[length] = [key, value, isStrictComparable(value)];
      }
      return result;
    }
    function getNative(object2, key) {
      var value = getValue(object2, key);
      return baseIsNative(value) ? value : void 0;
    }
    var getTag = baseGetTag;
    if (DataView && getTag(new DataView(new ArrayBuffer(1))) != dataViewTag || Map2 && getTag(new Map2()) != mapTag || Promise2 && getTag(Promise2.resolve()) != promiseTag || Set2 && getTag(new Set2()) != setTag || WeakMap2 && getTag(new WeakMap2()) != weakMapTag) {
      getTag = function(value) {
        var result = objectToString.call(value), Ctor = result == objectTag ? value.constructor : void 0, ctorString = Ctor ? toSource(Ctor) : void 0;
        if (ctorString) {
          switch (ctorString) {
            case dataViewCtorString:
              return dataViewTag;
            case mapCtorString:
              return mapTag;
            case promiseCtorString:
              return promiseTag;
            case setCtorString:
              return setTag;
            case weakMapCtorString:
              return weakMapTag;
          }
        }
        return result;
      };
    }
    function hasPath(object2, path2, hasFunc) {
      path2 = isKey(path2, object2) ? [path2] : castPath(path2);
      var result, index = -1, length = path2.length;
      while (++index < length) {
        var key = toKey(path2[index]);
        if (!(result = object2 != null && hasFunc(object2, key))) {
          break;
        }
        object2 = object2[key];
      }
      if (result) {
        return result;
      }
      var length = object2 ? object2.length : 0;
      return !!length && isLength(length) && isIndex(key, length) && (isArray(object2) || isArguments(object2));
    }
    function isFlattenable(value) {
      return isArray(value) || isArguments(value) || !!(spreadableSymbol && value && value[spreadableSymbol]);
    }
    function isIndex(value, length) {
      length = length == null ? MAX_SAFE_INTEGER : length;
      return !!length && (typeof value == "number" || reIsUint.test(value)) && (value > -1 && value % 1 == 0 && value < length);
    }
    function isIterateeCall(value, index, object2) {
      if (!isObject2(object2)) {
        return false;
      }
      var type = typeof index;
      if (type == "number" ? isArrayLike(object2) && isIndex(index, object2.length) : type == "string" && index in object2) {
        return eq(object2[index], value);
      }
      return false;
    }
    function isKey(value, object2) {
      if (isArray(value)) {
        return false;
      }
      var type = typeof value;
      if (type == "number" || type == "symbol" || type == "boolean" || value == null || isSymbol(value)) {
        return true;
      }
      return reIsPlainProp.test(value) || !reIsDeepProp.test(value) || object2 != null && value in Object(object2);
    }
    function isKeyable(value) {
      var type = typeof value;
      return type == "string" || type == "number" || type == "symbol" || type == "boolean" ? value !== "__proto__" : value === null;
    }
    function isMasked(func) {
      return !!maskSrcKey && maskSrcKey in func;
    }
    function isPrototype(value) {
      var Ctor = value && value.constructor, proto = typeof Ctor == "function" && Ctor.prototype || objectProto;
      return value === proto;
    }
    function isStrictComparable(value) {
      return value === value && !isObject2(value);
    }
    function matchesStrictComparable(key, srcValue) {
      return function(object2) {
        if (object2 == null) {
          return false;
        }
        return object2[key] === srcValue && (srcValue !== void 0 || key in Object(object2));
      };
    }
    var stringToPath = memoize(function(string3) {
      string3 = toString(string3);
      var result = [];
      if (reLeadingDot.test(string3)) {
        result.push("");
      }
      string3.replace(rePropName, function(match, number3, quote, string4) {
        result.push(quote ? string4.replace(reEscapeChar, "$1") : number3 || match);
      });
      return result;
    });
    function toKey(value) {
      if (typeof value == "string" || isSymbol(value)) {
        return value;
      }
      var result = value + "";
      return result == "0" && 1 / value == -Infinity ? "-0" : result;
    }
    function toSource(func) {
      if (func != null) {
        try {
          return funcToString.call(func);
        } catch (e) {
        }
        try {
          return func + "";
        } catch (e) {
        }
      }
      return "";
    }
    var sortBy = baseRest(function(collection, iteratees) {
      if (collection == null) {
        return [];
      }
      var length = iteratees.length;
      if (length > 1 && isIterateeCall(collection, iteratees[0], iteratees[1])) {
        iteratees = [];
      } else if (length > 2 && isIterateeCall(iteratees[0], iteratees[1], iteratees[2])) {
        iteratees = [iteratees[0]];
      }
      return baseOrderBy(collection, baseFlatten(iteratees), []);
    });
    function memoize(func, resolver) {
      if (typeof func != "function" || resolver && typeof resolver != "function") {
        throw new TypeError(FUNC_ERROR_TEXT);
      }
      var memoized = function() {
        var args = arguments, key = resolver ? resolver.apply(this, args) : args[0], cache = memoized.cache;
        if (cache.has(key)) {
          return cache.get(key);
        }
        var result = func.apply(this, args);
        memoized.cache = cache.set(key, result);
        return result;
      };
      memoized.cache = new (memoize.Cache || MapCache)();
      return memoized;
    }
    memoize.Cache = MapCache;
    function eq(value, other) {
      return value === other || value !== value && other !== other;
    }
    function isArguments(value) {
      return isArrayLikeObject(value) && hasOwnProperty.call(value, "callee") && (!propertyIsEnumerable.call(value, "callee") || objectToString.call(value) == argsTag);
    }
    var isArray = Array.isArray;
    function isArrayLike(value) {
      return value != null && isLength(value.length) && !isFunction(value);
    }
    function isArrayLikeObject(value) {
      return isObjectLike(value) && isArrayLike(value);
    }
    function isFunction(value) {
      var tag2 = isObject2(value) ? objectToString.call(value) : "";
      return tag2 == funcTag || tag2 == genTag;
    }
    function isLength(value) {
      return typeof value == "number" && value > -1 && value % 1 == 0 && value <= MAX_SAFE_INTEGER;
    }
    function isObject2(value) {
      var type = typeof value;
      return !!value && (type == "object" || type == "function");
    }
    function isObjectLike(value) {
      return !!value && typeof value == "object";
    }
    function isSymbol(value) {
      return typeof value == "symbol" || isObjectLike(value) && objectToString.call(value) == symbolTag;
    }
    var isTypedArray = nodeIsTypedArray ? baseUnary(nodeIsTypedArray) : baseIsTypedArray;
    function toString(value) {
      return value == null ? "" : baseToString(value);
    }
    function get(object2, path2, defaultValue) {
      var result = object2 == null ? void 0 : baseGet(object2, path2);
      return result === void 0 ? defaultValue : result;
    }
    function hasIn(object2, path2) {
      return object2 != null && hasPath(object2, path2, baseHasIn);
    }
    function keys(object2) {
      return isArrayLike(object2) ? arrayLikeKeys(object2) : baseKeys(object2);
    }
    function identity(value) {
      return value;
    }
    function property(path2) {
      return isKey(path2) ? baseProperty(toKey(path2)) : basePropertyDeep(path2);
    }
    module.exports = sortBy;
  })(lodash_sortby, lodash_sortby.exports);
  return lodash_sortby.exports;
}
function requireEscapeStringRegexp() {
  if (hasRequiredEscapeStringRegexp) return escapeStringRegexp;
  hasRequiredEscapeStringRegexp = 1;
  escapeStringRegexp = (string3) => {
    if (typeof string3 !== "string") {
      throw new TypeError("Expected a string");
    }
    return string3.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d");
  };
  return escapeStringRegexp;
}
function requireRegexpParse() {
  if (hasRequiredRegexpParse) return regexpParse;
  hasRequiredRegexpParse = 1;
  Object.defineProperty(regexpParse, "__esModule", { value: true });
  regexpParse.isRegExpString = regexpParse.parseRegExpString = void 0;
  var REGEXP_LITERAL_PATTERN = /^\/(.+)\/([guimysd]*)$/;
  var parseRegExpString = function(str) {
    var result = str.match(REGEXP_LITERAL_PATTERN);
    if (!result) {
      return null;
    }
    return {
      source: result[1],
      flagString: result[2]
    };
  };
  regexpParse.parseRegExpString = parseRegExpString;
  var isRegExpString = function(str) {
    return REGEXP_LITERAL_PATTERN.test(str);
  };
  regexpParse.isRegExpString = isRegExpString;
  return regexpParse;
}
function requireRegexpStringMatcher() {
  if (hasRequiredRegexpStringMatcher) return regexpStringMatcher;
  hasRequiredRegexpStringMatcher = 1;
  (function(exports) {
    var __importDefault = regexpStringMatcher && regexpStringMatcher.__importDefault || function(mod) {
      return mod && mod.__esModule ? mod : { "default": mod };
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.matchPatterns = exports.createRegExp = void 0;
    var lodash_uniq_1 = __importDefault(requireLodash_uniq());
    var lodash_uniqwith_1 = __importDefault(requireLodash_uniqwith());
    var lodash_sortby_1 = __importDefault(requireLodash_sortby());
    var escape_string_regexp_1 = __importDefault(requireEscapeStringRegexp());
    var regexp_parse_1 = requireRegexpParse();
    var DEFAULT_FLAGS = "ug";
    var defaultFlags = function(flagsString) {
      if (flagsString.length === 0) {
        return DEFAULT_FLAGS;
      }
      return (0, lodash_uniq_1.default)((flagsString + DEFAULT_FLAGS).split("")).join("");
    };
    var createRegExp = function(patternString, defaultFlag) {
      if (defaultFlag === void 0) {
        defaultFlag = DEFAULT_FLAGS;
      }
      if (patternString.length === 0) {
        throw new Error("Empty string can not handled");
      }
      if ((0, regexp_parse_1.isRegExpString)(patternString)) {
        var regExpStructure = (0, regexp_parse_1.parseRegExpString)(patternString);
        if (regExpStructure) {
          return new RegExp(regExpStructure.source, defaultFlags(regExpStructure.flagString));
        }
        throw new Error('"'.concat(patternString, '" can not parse as RegExp.'));
      } else {
        return new RegExp((0, escape_string_regexp_1.default)(patternString), defaultFlag);
      }
    };
    exports.createRegExp = createRegExp;
    var isEqualMatchPatternResult = function(a, b) {
      return a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.match === b.match;
    };
    var matchPatterns = function(text, regExpLikeStrings) {
      var matchPatternResults = [];
      regExpLikeStrings.map(function(patternString) {
        return (0, exports.createRegExp)(patternString);
      }).forEach(function(regExp) {
        var results = text.matchAll(regExp);
        Array.from(results).forEach(function(result) {
          if (result.index === void 0) {
            return;
          }
          var match = result[0];
          var index = result.index;
          matchPatternResults.push({
            match,
            captures: result.slice(1),
            startIndex: index,
            endIndex: index + match.length
          });
        });
      });
      var uniqResults = (0, lodash_uniqwith_1.default)(matchPatternResults, isEqualMatchPatternResult);
      return (0, lodash_sortby_1.default)(uniqResults, ["startIndex", "endIndex"]);
    };
    exports.matchPatterns = matchPatterns;
  })(regexpStringMatcher);
  return regexpStringMatcher;
}
function readTlv(buf, offset) {
  if (offset + 2 > buf.length) {
    throw new Error("PKCS12: truncated TLV header");
  }
  const tag2 = buf[offset];
  const lenByte = buf[offset + 1];
  let length;
  let contentStart;
  if (lenByte < 128) {
    length = lenByte;
    contentStart = offset + 2;
  } else {
    const lenBytes = lenByte & 127;
    if (lenBytes === 0 || lenBytes > 4) {
      throw new Error("PKCS12: unsupported ASN.1 length encoding");
    }
    if (offset + 2 + lenBytes > buf.length) {
      throw new Error("PKCS12: truncated ASN.1 length");
    }
    length = 0;
    for (let i = 0; i < lenBytes; i++) {
      length = length * 256 + buf[offset + 2 + i];
    }
    contentStart = offset + 2 + lenBytes;
  }
  const end = contentStart + length;
  if (end > buf.length) {
    throw new Error("PKCS12: TLV extends past buffer");
  }
  return { tag: tag2, content: buf.subarray(contentStart, end), end };
}
function expectTag(tlv, tag2, label) {
  if (tlv.tag !== tag2) {
    throw new Error(`PKCS12: expected ${label} tag 0x${tag2.toString(16)} but got 0x${tlv.tag.toString(16)}`);
  }
}
function readInteger(tlv) {
  expectTag(tlv, TAG_INTEGER, "INTEGER");
  let value = 0;
  for (const byte of tlv.content) {
    value = value * 256 + byte;
  }
  return value;
}
function bytesEqual(a, b) {
  if (a.length !== b.length)
    return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) {
    diff |= a[i] ^ b[i];
  }
  return diff === 0;
}
function matchHash(oidBytes) {
  for (const { oid, hash } of MAC_HASHES) {
    if (bytesEqual(oidBytes, oid))
      return hash;
  }
  return void 0;
}
function parsePkcs12(buf) {
  const pfx = readTlv(buf, 0);
  expectTag(pfx, TAG_SEQUENCE, "PFX SEQUENCE");
  const version2 = readTlv(pfx.content, 0);
  if (readInteger(version2) !== 3) {
    throw new Error("PKCS12: unsupported version");
  }
  const authSafeInfo = readTlv(pfx.content, version2.end);
  expectTag(authSafeInfo, TAG_SEQUENCE, "ContentInfo SEQUENCE");
  const contentType = readTlv(authSafeInfo.content, 0);
  expectTag(contentType, TAG_OID, "contentType OID");
  if (!bytesEqual(contentType.content, OID_DATA)) {
    throw new Error("PKCS12: unsupported authSafe contentType");
  }
  const explicit0 = readTlv(authSafeInfo.content, contentType.end);
  expectTag(explicit0, TAG_CONTEXT_0, "[0] EXPLICIT");
  const authSafeOctet = readTlv(explicit0.content, 0);
  expectTag(authSafeOctet, TAG_OCTET_STRING, "authSafe OCTET STRING");
  const macData = readTlv(pfx.content, authSafeInfo.end);
  expectTag(macData, TAG_SEQUENCE, "MacData SEQUENCE");
  const digestInfo = readTlv(macData.content, 0);
  expectTag(digestInfo, TAG_SEQUENCE, "DigestInfo SEQUENCE");
  const alg = readTlv(digestInfo.content, 0);
  expectTag(alg, TAG_SEQUENCE, "AlgorithmIdentifier SEQUENCE");
  const algOid = readTlv(alg.content, 0);
  expectTag(algOid, TAG_OID, "algorithm OID");
  const macHash = matchHash(algOid.content);
  if (!macHash) {
    throw new Error("PKCS12: unsupported MAC digest algorithm");
  }
  if (algOid.end < alg.content.length) {
    const params = readTlv(alg.content, algOid.end);
    if (params.tag !== TAG_NULL) {
      throw new Error("PKCS12: unexpected MAC algorithm parameters");
    }
  }
  const digest2 = readTlv(digestInfo.content, alg.end);
  expectTag(digest2, TAG_OCTET_STRING, "digest OCTET STRING");
  const salt = readTlv(macData.content, digestInfo.end);
  expectTag(salt, TAG_OCTET_STRING, "macSalt OCTET STRING");
  let iterations = 1;
  if (salt.end < macData.content.length) {
    const iter = readTlv(macData.content, salt.end);
    iterations = readInteger(iter);
  }
  if (iterations < 1 || iterations > MAX_MAC_ITERATIONS) {
    throw new Error("PKCS12: MAC iteration count out of range");
  }
  return {
    authSafe: authSafeOctet.content,
    macHash,
    macSalt: salt.content,
    macDigest: digest2.content,
    iterations
  };
}
function toBufferSource(data) {
  const copy = new Uint8Array(data.length);
  copy.set(data);
  return copy;
}
async function digest(hash, data) {
  return new Uint8Array(await globalThis.crypto.subtle.digest(hash.name, toBufferSource(data)));
}
function padToMultipleOf(src, blockSize) {
  if (src.length === 0)
    return new Uint8Array(0);
  const padded = new Uint8Array(Math.ceil(src.length / blockSize) * blockSize);
  for (let i = 0; i < padded.length; i++) {
    padded[i] = src[i % src.length];
  }
  return padded;
}
function encodePasswordAsBmpString(password) {
  if (password.length === 0)
    return new Uint8Array(0);
  const bytes = new Uint8Array(password.length * 2 + 2);
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    bytes[i * 2] = code >> 8 & 255;
    bytes[i * 2 + 1] = code & 255;
  }
  return bytes;
}
async function deriveMacKey(hash, password, salt, iterations) {
  const v = hash.blockSize;
  const u = hash.outputSize;
  const ID_MAC = 3;
  const D = new Uint8Array(v).fill(ID_MAC);
  const P = padToMultipleOf(encodePasswordAsBmpString(password), v);
  const S = padToMultipleOf(salt, v);
  const DI = new Uint8Array(D.length + S.length + P.length);
  DI.set(D, 0);
  DI.set(S, D.length);
  DI.set(P, D.length + S.length);
  let A = await digest(hash, DI);
  for (let i = 1; i < iterations; i++) {
    A = await digest(hash, A);
  }
  return A.subarray(0, u);
}
async function verifyPkcs12Mac(pfxBytes, password) {
  let parsed;
  try {
    parsed = parsePkcs12(pfxBytes);
  } catch {
    return false;
  }
  try {
    const key = await deriveMacKey(parsed.macHash, password, parsed.macSalt, parsed.iterations);
    const cryptoKey = await globalThis.crypto.subtle.importKey("raw", toBufferSource(key), { name: "HMAC", hash: parsed.macHash.name }, false, ["sign"]);
    const mac2 = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", cryptoKey, toBufferSource(parsed.authSafe)));
    return bytesEqual(mac2, parsed.macDigest);
  } catch {
    return false;
  }
}
async function reportIfFoundPrivateKeyP12Format({ source, context: context2, t }) {
  if (!source.filePath) {
    return;
  }
  try {
    const fs = await import("node:fs");
    const path2 = await import("node:path");
    const pfxBytes = new Uint8Array(fs.readFileSync(source.filePath));
    const isGcpServiceAccountP12 = await verifyPkcs12Mac(pfxBytes, GCP_SERVICE_ACCOUNT_P12_PASSWORD);
    if (!isGcpServiceAccountP12) {
      return;
    }
    context2.report({
      message: t("PrivateKeyP12", {
        FILE_NAME: path2.basename(source.filePath)
      }),
      range: [0, source.content.length]
    });
  } catch {
  }
}
function reportIfFoundPrivateKeyJSONFormat({ source, context: context2, t }) {
  try {
    const credentialObject = JSON.parse(source.content);
    const PRIVATE_KEY_PATTERN = /-----BEGIN\s?(DSA|RSA|EC|PGP|OPENSSH)?\s?PRIVATE KEY/gm;
    const isGCPServiceAccountPrivateKeyJSON = "private_key_id" in credentialObject && "private_key" in credentialObject && PRIVATE_KEY_PATTERN.test(credentialObject["private_key"]);
    if (!isGCPServiceAccountPrivateKeyJSON) {
      return;
    }
    context2.report({
      message: t("PrivateKeyJSON", {
        FILE_NAME: source.filePath ? path.basename(source.filePath) : ""
      }),
      range: [0, source.content.length]
    });
  } catch {
  }
}
function reportIfFoundXOauthGitHubToken({ source, options, context: context2, t }) {
  const XOAuthPattern = /https?:\/\/(.{1,256}):x-oauth-basic@github.com\//g;
  const results = source.content.matchAll(XOAuthPattern);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[1] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("PackageJSON_xOauthToken", {
        TOKEN: match
      }),
      range
    });
  }
}
function reportIfFound_AuthTokenInNpmrc({ source, options, context: context2, t }) {
  const AuthTokenPattern = /_authToken=([^$].*)/g;
  const results = source.content.matchAll(AuthTokenPattern);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[1] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("Npmrc_authToken", {
        TOKEN: match
      }),
      range
    });
  }
}
function reportIfFound_NPM_ACCESS_TOKEN({ source, options, context: context2, t }) {
  const NPM_ACCESS_TOKEN_PATTERN = new RegExp("(?<!\\p{L})npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])", "gu");
  const results = source.content.matchAll(NPM_ACCESS_TOKEN_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("NPM_ACCESS_TOKEN", {
        TOKEN: match
      }),
      range
    });
  }
}
function reportIfFoundRawPrivateKey$1({ source, options, context: context2, t }) {
  const SLACK_TOKEN_PATTERN = /\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b/g;
  const results = source.content.matchAll(SLACK_TOKEN_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("SLACK_TOKEN", {
        TOKEN: match
      }),
      range
    });
  }
}
function reportIfFoundIncomingWebhook({ source, options, context: context2, t }) {
  const IncomingWebhooksPattern = /https:\/\/hooks\.slack\.com\/services\/T[a-zA-Z0-9]{1,40}\/B[a-zA-Z0-9]{1,40}\/[a-zA-Z0-9]{1,40}/gi;
  const results = source.content.matchAll(IncomingWebhooksPattern);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("IncomingWebhook", {
        URL: match
      }),
      range
    });
  }
}
function isVariableLikeString$1(str) {
  const variablePatterns = [
    /\$\{[^}]{1,50}\}/,
    // ${var}
    /\{\{[^}]{1,50}\}\}/,
    // {{var}}
    /\{[^}]{1,50}\}/,
    // {var}
    /%[A-Z_]{1,30}%/,
    // %VAR%
    /\$[A-Z_]{1,30}/
    // $VAR
  ];
  return variablePatterns.some((pattern) => pattern.test(str));
}
function isLikelyRealUsername(username) {
  if (username.length < 2)
    return false;
  if (isVariableLikeString$1(username))
    return false;
  if (BUILTIN_IGNORED_PATTERNS$1.some((pattern) => username.toLowerCase().includes(pattern.toLowerCase()))) {
    return false;
  }
  return true;
}
function isLikelyRealPassword(password) {
  if (password.length < 4)
    return false;
  if (isVariableLikeString$1(password))
    return false;
  if (BUILTIN_IGNORED_PATTERNS$1.some((pattern) => password.toLowerCase().includes(pattern.toLowerCase()))) {
    return false;
  }
  if (/^(.)\1{3,}$/.test(password))
    return false;
  return true;
}
function reportIfFoundBasicAuth({ source, options, context: context2, t }) {
  const URL_PATTERN = /(?<protocol>(?:https?|ftp|ftps)):\/\/(?<user>[-a-zA-Z0-9_]{1,256}):(?<password>[-a-zA-Z0-9_]{1,256})@[-a-zA-Z0-9%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b/g;
  const results = source.content.matchAll(URL_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const username = result.groups?.user;
    const password = result.groups?.password;
    if (!username || !password)
      continue;
    if (!isLikelyRealUsername(username))
      continue;
    if (!isLikelyRealPassword(password))
      continue;
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("BasicAuth", {
        CREDENTIAL: match
      }),
      range
    });
  }
}
function reportIfFoundToken({ source, options, context: context2, t }) {
  const NOTION_INTEGRATION_TOKEN_PATTERN = new RegExp("(?<!\\p{L})ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])", "gu");
  const results = source.content.matchAll(NOTION_INTEGRATION_TOKEN_PATTERN);
  for (const result of results) {
    const index = result.index ?? 0;
    const match = result[0] ?? "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("NOTION_INTEGRATION_TOKEN", {
        TOKEN: match
      }),
      range
    });
  }
}
function validateBase64KeyContent(base64Content) {
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64Content)) {
    return false;
  }
  if (base64Content.length < 100) {
    return false;
  }
  const validMagicBytes = /^(MI|b3BlbnNzaC1rZXktdjE)/;
  if (!validMagicBytes.test(base64Content)) {
    return false;
  }
  return true;
}
function reportIfFoundRawPrivateKey({ source, options, context: context2, t }) {
  const results = source.content.matchAll(PEM_CONTENT_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const base64Raw = result[1] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    const base64Content = base64Raw.replace(/\s|\\n/g, "");
    if (!validateBase64KeyContent(base64Content)) {
      continue;
    }
    context2.report({
      message: t("PrivateKey", {
        KEY: match
      }),
      range
    });
  }
}
function reportIfFoundKey$3({ source, options, context: context2, t }) {
  const SENDGRID_KEY_PATTERN = new RegExp("(?<!\\p{L})SG\\.\\w{1,128}\\.\\w{1,128}([-_]?)\\w{1,128}(?!\\w)", "gu");
  const results = source.content.matchAll(SENDGRID_KEY_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    if (match.length !== 69) {
      continue;
    }
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("SENDGRID_KEY", {
        KEY: match
      }),
      range
    });
  }
}
function reportIfFoundKey$2({ source, options, context: context2, t }) {
  const SHOPIFY_KEY_PATTERN = new RegExp("(?<!\\p{L})(shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])", "gu");
  const results = source.content.matchAll(SHOPIFY_KEY_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("SHOPIFY_KEY", {
        KEY: match
      }),
      range
    });
  }
}
function reportIfFound$2({ source, options, context: context2, t }) {
  const results = source.content.matchAll(STRIPE_KEY_PATTERN);
  for (const result of results) {
    const index = result.index ?? 0;
    const match = result[0] ?? "";
    const prefix = result.groups?.["prefix"];
    if (!prefix) {
      continue;
    }
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t(messageIdMap$1[prefix], {
        KEY: match
      }),
      range
    });
  }
}
function reportIfFoundKey$1({ pattern, source, options, context: context2, t }) {
  const results = source.content.matchAll(pattern);
  for (const result of results) {
    const index = result.index || 0;
    const type = result.groups?.type;
    const typeName = typeMap.get(type);
    if (!typeName) {
      throw new Error("Unknown type:" + typeName);
    }
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("GITHUB_TOKEN", {
        KEY: match,
        typeName
      }),
      range
    });
  }
}
function reportIfFoundKey({ pattern, source, options, context: context2, t }) {
  const results = source.content.matchAll(pattern);
  for (const result of results) {
    const index = result.index ?? 0;
    const match = result[0] ?? "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("GITLAB_PERSONAL_ACCESS_TOKEN", {
        KEY: match
      }),
      range
    });
  }
}
function reportIfFound$1({ pattern, messageId, source, options, context: context2, t }) {
  const results = source.content.matchAll(pattern);
  for (const result of results) {
    const index = result.index ?? 0;
    const match = result[0] ?? "";
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    const range = [index, index + match.length];
    context2.report({
      message: t(messageId, {
        TOKEN: match
      }),
      range
    });
  }
}
function isVariableLikeString(str) {
  const variablePatterns = [
    /\$\{[^}]{1,50}\}/,
    // ${var}
    /\{\{[^}]{1,50}\}\}/,
    // {{var}}
    /\{[^}]{1,50}\}/,
    // {var}
    /%[A-Z_]{1,30}%/,
    // %VAR%
    /\$[A-Z_]{1,30}/,
    // $VAR
    /\$\([^)]{1,50}\)/
    // $(var)
  ];
  return variablePatterns.some((pattern) => pattern.test(str));
}
function isLikelyRealCredential(username, password) {
  if (username === password)
    return false;
  if (password.length < 4)
    return false;
  if (isVariableLikeString(password))
    return false;
  const passwordLower = password.toLowerCase();
  if (BUILTIN_IGNORED_PATTERNS.some((pattern) => passwordLower === pattern.toLowerCase())) {
    return false;
  }
  if (/^(.)\1{3,}$/.test(password))
    return false;
  return true;
}
function reportMongoDBConnectionString({ source, options, context: context2, t }) {
  const MONGODB_PATTERN = /mongodb(?:\+srv)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi;
  const results = source.content.matchAll(MONGODB_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const username = result.groups?.username;
    const password = result.groups?.password;
    if (!username || !password)
      continue;
    if (!isLikelyRealCredential(username, password))
      continue;
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("MongoDBConnection", {
        URI: match
      }),
      range
    });
  }
}
function reportMySQLConnectionString({ source, options, context: context2, t }) {
  const MYSQL_URI_PATTERN = /(?:jdbc:)?mysql(?:x)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi;
  const results = source.content.matchAll(MYSQL_URI_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const username = result.groups?.username;
    const password = result.groups?.password;
    if (!username || !password)
      continue;
    if (!isLikelyRealCredential(username, password))
      continue;
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("MySQLConnection", {
        URI: match
      }),
      range
    });
  }
}
function reportPostgreSQLConnectionString({ source, options, context: context2, t }) {
  const POSTGRESQL_URI_PATTERN = /postgres(?:ql)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi;
  const results = source.content.matchAll(POSTGRESQL_URI_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const username = result.groups?.username;
    const password = result.groups?.password;
    if (!username || !password)
      continue;
    if (!isLikelyRealCredential(username, password))
      continue;
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("PostgreSQLConnection", {
        URI: match
      }),
      range
    });
  }
}
function reportIfFoundDockerPAT({ source, options, context: context2, t }) {
  const DOCKER_PAT_PATTERN = new RegExp("(?<!\\p{L})dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])", "gu");
  const results = source.content.matchAll(DOCKER_PAT_PATTERN);
  for (const result of results) {
    const index = result.index || 0;
    const match = result[0] || "";
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t("DOCKER_PERSONAL_ACCESS_TOKEN", {
        TOKEN: match
      }),
      range
    });
  }
}
function reportIfFound({ source, options, context: context2, t }) {
  const results = source.content.matchAll(CLOUDFLARE_TOKEN_PATTERN);
  for (const result of results) {
    const index = result.index ?? 0;
    const match = result[0] ?? "";
    const prefix = result.groups?.["prefix"];
    if (!prefix) {
      continue;
    }
    const range = [index, index + match.length];
    const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
    if (allowedResults.length > 0) {
      continue;
    }
    context2.report({
      message: t(messageIdMap[prefix], {
        TOKEN: match
      }),
      range
    });
  }
}
function parseComment(options) {
  if (!options) {
    return [];
  }
  const commentStart = options.indexOf("--");
  const ruleIdString = commentStart === -1 ? options : options.slice(0, commentStart);
  return ruleIdString.split(/,/).map((arg) => arg.trim()).filter((arg) => arg !== "") ?? [];
}
var commonjsGlobal, regexpStringMatcher, lodash_uniq, hasRequiredLodash_uniq, lodash_uniqwith, hasRequiredLodash_uniqwith, lodash_sortby, hasRequiredLodash_sortby, escapeStringRegexp, hasRequiredEscapeStringRegexp, regexpParse, hasRequiredRegexpParse, hasRequiredRegexpStringMatcher, regexpStringMatcherExports, BUILTIN_IGNORED, messages$r, reportAWSAccessKey, reportAWSSecretAccessKey, reportAWSAccountID, creator$s, TAG_INTEGER, TAG_OCTET_STRING, TAG_NULL, TAG_OID, TAG_SEQUENCE, TAG_CONTEXT_0, OID_DATA, OID_SHA1, OID_SHA256, OID_SHA384, OID_SHA512, MAC_HASHES, MAX_MAC_ITERATIONS, GCP_SERVICE_ACCOUNT_P12_PASSWORD, messages$q, creator$r, messages$p, isPackageFile, isNpmrc, creator$q, messages$o, creator$p, messages$n, BUILTIN_IGNORED_PATTERNS$1, creator$o, messages$m, creator$n, messages$l, creator$m, messages$k, creator$l, messages$j, creator$k, messages$i, creator$j, messages$h, creator$i, messages$g, PEM_CONTENT_PATTERN, creator$h, messages$f, creator$g, messages$e, creator$f, messages$d, messageIdMap$1, STRIPE_KEY_PATTERN, creator$e, messages$c, typeMap, creator$d, messages$b, creator$c, messages$a, creator$b, messages$9, is1PasswordServiceAccountToken, creator$a, messages$8, BUILTIN_IGNORED_PATTERNS, creator$9, messages$7, serviceTokenPattern, batchTokenPattern, recoveryTokenPattern, creator$8, messages$6, prefixToMessageId, creator$7, messages$5, creator$6, messages$4, creator$5, messages$3, creator$4, messages$2, messageIdMap, CLOUDFLARE_TOKEN_PATTERN, creator$3, messages$1, messageIdByType, creator$2, HTML_COMMENT_REGEXP, parseComments, CommentState, messages, creator$1, rules, creator;
var init_module = __esm({
  "../../main/node_modules/@secretlint/secretlint-rule-preset-recommend/module/index.js"() {
    commonjsGlobal = typeof globalThis !== "undefined" ? globalThis : typeof window !== "undefined" ? window : typeof global !== "undefined" ? global : typeof self !== "undefined" ? self : {};
    regexpStringMatcher = {};
    lodash_sortby = { exports: {} };
    lodash_sortby.exports;
    regexpParse = {};
    regexpStringMatcherExports = requireRegexpStringMatcher();
    BUILTIN_IGNORED = {
      AWSAccountID: ["AKIAIOSFODNN7EXAMPLE"],
      AWSSecretAccessKey: ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]
    };
    messages$r = {
      AWSAccountID: {
        en: (props) => `found AWS Account ID: ${props.ID}`,
        ja: (props) => `AWS Account ID: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      AWSSecretAccessKey: {
        en: (props) => `found AWS Secret Access Key: ${props.KEY}`,
        ja: (props) => `AWS Secret Access Key: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      AWSAccessKeyID: {
        en: (props) => `found AWS Access Key ID: ${props.ID}`,
        ja: (props) => `AWS Access Key Id: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    reportAWSAccessKey = ({ t, source, context: context2, options }) => {
      const AWSAccessKeyIDPattern = /\b(A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/g;
      const results = source.content.matchAll(AWSAccessKeyIDPattern);
      for (const result of results) {
        const index = result.index || 0;
        const match = result[0] || "";
        const range = [index, index + match.length];
        if (BUILTIN_IGNORED.AWSAccountID.includes(match)) {
          continue;
        }
        const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
        if (allowedResults.length > 0) {
          continue;
        }
        context2.report({
          message: t("AWSAccessKeyID", {
            ID: match
          }),
          range
        });
      }
    };
    reportAWSSecretAccessKey = ({ t, source, context: context2, options }) => {
      const AWS = "(?:AWS|aws|Aws)?_?";
      const QUOTE = `["']?`;
      const CONNECT = "\\s*(?::|=>|=)\\s*";
      const AWSSecretPatten = new RegExp(String.raw`${QUOTE}${AWS}(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)${QUOTE}${CONNECT}${QUOTE}([A-Za-z0-9/\+=]{40})${QUOTE}\b`, "g");
      const results = source.content.matchAll(AWSSecretPatten);
      for (const result of results) {
        const index = result.index || 0;
        const match = result[1] || "";
        const range = [index, index + match.length];
        if (BUILTIN_IGNORED.AWSSecretAccessKey.includes(match)) {
          continue;
        }
        const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
        if (allowedResults.length > 0) {
          continue;
        }
        context2.report({
          message: t("AWSSecretAccessKey", {
            KEY: match
          }),
          range
        });
      }
    };
    reportAWSAccountID = ({ t, source, context: context2, options }) => {
      const AWS = "(AWS|aws|Aws)?_?";
      const QUOTE = `("|')?`;
      const CONNECT = "\\s*(:|=>|=)\\s*";
      const AWSSecretPatten = new RegExp(String.raw`${QUOTE}${AWS}(ACCOUNT|account|Account)_?(ID|id|Id)?${QUOTE}${CONNECT}${QUOTE}[0-9]{4}\-?[0-9]{4}\-?[0-9]{4}${QUOTE}\b`, "g");
      const results = source.content.matchAll(AWSSecretPatten);
      for (const result of results) {
        const index = result.index || 0;
        const match = result[0] || "";
        const range = [index, index + match.length];
        const allowedResults = regexpStringMatcherExports.matchPatterns(match, options.allows);
        if (allowedResults.length > 0) {
          continue;
        }
        context2.report({
          message: t("AWSAccountID", {
            ID: match
          }),
          range
        });
      }
    };
    creator$s = {
      messages: messages$r,
      meta: {
        id: "@secretlint/secretlint-rule-aws",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-aws/README.md"
        }
      },
      create(context2, options) {
        const normalizedOptions = {
          allows: options.allows || [],
          enableIDScanRule: options.enableIDScanRule ?? false
        };
        const t = context2.createTranslator(messages$r);
        return {
          file(source) {
            if (normalizedOptions.enableIDScanRule) {
              reportAWSAccessKey({ t, source, context: context2, options: normalizedOptions });
              reportAWSAccountID({ t, source, context: context2, options: normalizedOptions });
            }
            reportAWSSecretAccessKey({ t, source, context: context2, options: normalizedOptions });
          }
        };
      }
    };
    TAG_INTEGER = 2;
    TAG_OCTET_STRING = 4;
    TAG_NULL = 5;
    TAG_OID = 6;
    TAG_SEQUENCE = 48;
    TAG_CONTEXT_0 = 160;
    OID_DATA = new Uint8Array([42, 134, 72, 134, 247, 13, 1, 7, 1]);
    OID_SHA1 = new Uint8Array([43, 14, 3, 2, 26]);
    OID_SHA256 = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 1]);
    OID_SHA384 = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 2]);
    OID_SHA512 = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 3]);
    MAC_HASHES = [
      { oid: OID_SHA1, hash: { name: "SHA-1", outputSize: 20, blockSize: 64 } },
      { oid: OID_SHA256, hash: { name: "SHA-256", outputSize: 32, blockSize: 64 } },
      { oid: OID_SHA384, hash: { name: "SHA-384", outputSize: 48, blockSize: 128 } },
      { oid: OID_SHA512, hash: { name: "SHA-512", outputSize: 64, blockSize: 128 } }
    ];
    MAX_MAC_ITERATIONS = 1e6;
    GCP_SERVICE_ACCOUNT_P12_PASSWORD = "notasecret";
    messages$q = {
      PrivateKeyP12: {
        en: (props) => `found GCP Service Account's private key(p12): ${props.FILE_NAME}`,
        ja: (props) => `GCP\u30B5\u30FC\u30D3\u30B9\u30A2\u30AB\u30A6\u30F3\u30C8\u306E\u79D8\u5BC6\u9375(p12) ${props.FILE_NAME} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      PrivateKeyJSON: {
        en: (props) => `found GCP Service Account's private key(json): ${props.FILE_NAME}`,
        ja: (props) => `GCP\u30B5\u30FC\u30D3\u30B9\u30A2\u30AB\u30A6\u30F3\u30C8\u306E\u79D8\u5BC6\u9375(json): ${props.FILE_NAME} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$r = {
      messages: messages$q,
      meta: {
        id: "@secretlint/secretlint-rule-gcp",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["all"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-gcp/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$q);
        ({
          allows: options.allows || []
        });
        return {
          file(source) {
            if (source.ext === ".p12") {
              return reportIfFoundPrivateKeyP12Format({ source, context: context2, t });
            } else if (source.ext === ".json") {
              return reportIfFoundPrivateKeyJSONFormat({ source, context: context2, t });
            }
          }
        };
      }
    };
    messages$p = {
      PackageJSON_xOauthToken: {
        en: (props) => `found GitHub Token: ${props.TOKEN}`,
        ja: (props) => `GitHub Token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      Npmrc_authToken: {
        en: (props) => `found npmrc authToken: ${props.TOKEN}`,
        ja: (props) => `npmrc authToken: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      NPM_ACCESS_TOKEN: {
        en: (props) => `found npm access token: ${props.TOKEN}`,
        ja: (props) => `npm access token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    isPackageFile = (filePath) => {
      if (!filePath) {
        return true;
      }
      return filePath.endsWith("package.json") || filePath.endsWith("package-lock.json");
    };
    isNpmrc = (filePath) => {
      if (!filePath) {
        return true;
      }
      return filePath.endsWith(".npmrc");
    };
    creator$q = {
      messages: messages$p,
      meta: {
        id: "@secretlint/secretlint-rule-npm",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-npm/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$p);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            if (isPackageFile(source.filePath)) {
              reportIfFoundXOauthGitHubToken({ source, options: normalizedOptions, context: context2, t });
            } else if (isNpmrc(source.filePath)) {
              reportIfFound_AuthTokenInNpmrc({ source, options: normalizedOptions, context: context2, t });
            }
            reportIfFound_NPM_ACCESS_TOKEN({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$o = {
      SLACK_TOKEN: {
        en: (props) => `found slack token: ${props.TOKEN}`,
        ja: (props) => `Slack\u30C8\u30FC\u30AF\u30F3: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      IncomingWebhook: {
        en: (props) => `found Slack Incoming Webhook: ${props.URL}`,
        ja: (props) => `Slack\u306EIncoming Webhooks: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$p = {
      messages: messages$o,
      meta: {
        id: "@secretlint/secretlint-rule-slack",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-slack/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$o);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundRawPrivateKey$1({ source, options: normalizedOptions, context: context2, t });
            reportIfFoundIncomingWebhook({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$n = {
      BasicAuth: {
        en: (props) => `found basic auth credential: ${props.CREDENTIAL}`,
        ja: (props) => `\u30D9\u30FC\u30B7\u30C3\u30AF\u8A8D\u8A3C\u60C5\u5831: ${props.CREDENTIAL} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    BUILTIN_IGNORED_PATTERNS$1 = [
      "localhost",
      "127.0.0.1",
      "password",
      "mypassword",
      "myusername",
      "{password}",
      "${password}",
      "{{password}}",
      "{username}",
      "${username}",
      "{{username}}",
      "YOUR_PASSWORD",
      "YOUR_USERNAME",
      "REPLACE_WITH_PASSWORD",
      "REPLACE_WITH_USERNAME"
    ];
    creator$o = {
      messages: messages$n,
      meta: {
        id: "@secretlint/secretlint-rule-basicauth",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-basicauth/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$n);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundBasicAuth({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$m = {
      OPENAI_TOKEN: {
        en: (props) => `found OpenAI API token: ${props.TOKEN}`,
        ja: (props) => `OpenAI API \u30C8\u30FC\u30AF\u30F3: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$n = {
      messages: messages$m,
      meta: {
        id: "@secretlint/secretlint-rule-openai",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-openai/README.md"
        }
      },
      create(context2) {
        const t = context2.createTranslator(messages$m);
        return {
          file(source) {
            const pattern = /sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}/g;
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const range = [index, index + matchString.length];
              context2.report({
                message: t("OPENAI_TOKEN", {
                  TOKEN: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$l = {
      ANTHROPIC_API_KEY: {
        en: (props) => `found Anthropic Claude API key: ${props.KEY}`,
        ja: (props) => `Anthropic Claude API \u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$m = {
      messages: messages$l,
      meta: {
        id: "@secretlint/secretlint-rule-anthropic",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-anthropic/README.md"
        }
      },
      create(context2) {
        const t = context2.createTranslator(messages$l);
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})sk-ant-api0\\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const range = [index, index + matchString.length];
              context2.report({
                message: t("ANTHROPIC_API_KEY", {
                  KEY: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$k = {
      GROQ_API_KEY: {
        en: (props) => `found Groq API key: ${props.KEY}`,
        ja: (props) => `Groq API \u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$l = {
      messages: messages$k,
      meta: {
        id: "@secretlint/secretlint-rule-groq",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-groq/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$k);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t("GROQ_API_KEY", {
                  KEY: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$j = {
      HUGGINGFACE_USER_ACCESS_TOKEN: {
        en: (props) => `found Hugging Face User Access Token: ${props.TOKEN}`,
        ja: (props) => `Hugging Face User Access Token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$k = {
      messages: messages$j,
      meta: {
        id: "@secretlint/secretlint-rule-huggingface",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-huggingface/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$j);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})hf_[a-zA-Z]{34}(?![a-zA-Z])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t("HUGGINGFACE_USER_ACCESS_TOKEN", {
                  TOKEN: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$i = {
      LINEAR_API_TOKEN: {
        en: (props) => `found linear api token: ${props.ID}`,
        ja: (props) => `linear api token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$j = {
      messages: messages$i,
      meta: {
        id: "@secretlint/secretlint-rule-linear",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-linear/README.md"
        }
      },
      create(context2) {
        const t = context2.createTranslator(messages$i);
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const range = [index, index + matchString.length];
              context2.report({
                message: t("LINEAR_API_TOKEN", {
                  ID: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$h = {
      NOTION_INTEGRATION_TOKEN: {
        en: (props) => `found Notion integration token: ${props.TOKEN}`,
        ja: (props) => `Notion integration \u30C8\u30FC\u30AF\u30F3: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$i = {
      messages: messages$h,
      meta: {
        id: "@secretlint/secretlint-rule-notion",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-notion/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$h);
        const normalizedOptions = {
          allows: options.allows ?? []
        };
        return {
          file(source) {
            reportIfFoundToken({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$g = {
      PrivateKey: {
        en: (props) => `found private key: ${props.KEY}`,
        ja: (props) => `\u79D8\u5BC6\u9375: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    PEM_CONTENT_PATTERN = /-----BEGIN[ ]?(?:(?:RSA|DSA|EC|OPENSSH|PGP) )?PRIVATE KEY(?: BLOCK)?-----\n?([A-Za-z0-9+/=\s\\]{100,10000})\n?-----END[ ]?(?:(?:RSA|DSA|EC|OPENSSH|PGP) )?PRIVATE KEY(?: BLOCK)?-----/gm;
    creator$h = {
      messages: messages$g,
      meta: {
        id: "@secretlint/secretlint-rule-privatekey",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-privatekey/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$g);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundRawPrivateKey({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$f = {
      SENDGRID_KEY: {
        en: (props) => `found Sendgrid api key: ${props.KEY}`,
        ja: (props) => `Sendgrid API\u30AD\u30FC\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${props.KEY}`
      }
    };
    creator$g = {
      messages: messages$f,
      meta: {
        id: "@secretlint/secretlint-rule-sendgrid",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-sendgrid/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$f);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundKey$3({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$e = {
      SHOPIFY_KEY: {
        en: (props) => `found Shopify api key: ${props.KEY}`,
        ja: (props) => `Shopify API\u30AD\u30FC\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${props.KEY}`
      }
    };
    creator$f = {
      messages: messages$e,
      meta: {
        id: "@secretlint/secretlint-rule-shopify",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-shopify/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$e);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundKey$2({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$d = {
      STRIPE_SECRET_KEY_LIVE: {
        en: (props) => `found Stripe Live Secret Key: ${props.KEY}`,
        ja: (props) => `Stripe Live Secret Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.KEY}`
      },
      STRIPE_SECRET_KEY_TEST: {
        en: (props) => `found Stripe Test Secret Key: ${props.KEY}`,
        ja: (props) => `Stripe Test Secret Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.KEY}`
      },
      STRIPE_RESTRICTED_KEY_LIVE: {
        en: (props) => `found Stripe Live Restricted Key: ${props.KEY}`,
        ja: (props) => `Stripe Live Restricted Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.KEY}`
      },
      STRIPE_RESTRICTED_KEY_TEST: {
        en: (props) => `found Stripe Test Restricted Key: ${props.KEY}`,
        ja: (props) => `Stripe Test Restricted Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.KEY}`
      }
    };
    messageIdMap$1 = {
      sk_live: "STRIPE_SECRET_KEY_LIVE",
      sk_test: "STRIPE_SECRET_KEY_TEST",
      rk_live: "STRIPE_RESTRICTED_KEY_LIVE",
      rk_test: "STRIPE_RESTRICTED_KEY_TEST"
    };
    STRIPE_KEY_PATTERN = new RegExp("(?<!\\p{L})(?<prefix>sk_live|sk_test|rk_live|rk_test)_[a-zA-Z0-9]{24,99}(?![a-zA-Z0-9])", "gu");
    creator$e = {
      messages: messages$d,
      meta: {
        id: "@secretlint/secretlint-rule-stripe",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-stripe/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$d);
        const normalizedOptions = {
          allows: options.allows ?? []
        };
        return {
          file(source) {
            reportIfFound$2({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$c = {
      GITHUB_TOKEN: {
        en: (props) => `found GitHub Token(${props.typeName}): ${props.KEY}`,
        ja: (props) => `GitHub Token(${props.typeName})\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${props.KEY}`
      }
    };
    typeMap = /* @__PURE__ */ new Map([
      ["ghp", "GitHub personal access tokens"],
      ["gho", "OAuth access tokens"],
      ["ghu", "GitHub user-to-server tokens"],
      ["ghs", "GitHub server-to-server tokens"],
      ["ghr", "refresh tokens"],
      ["github_pat", "fine-grained personal access tokens"]
    ]);
    creator$d = {
      messages: messages$c,
      meta: {
        id: "@secretlint/secretlint-rule-github",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-github/README.md"
        }
      },
      create(context2, options) {
        const CLASSIC_GITHUB_TOKEN_PATTERN = new RegExp("(?<!\\p{L})(?<type>ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])", "gu");
        const FINE_GRAINED_GITHUB_TOKEN_PATTERN = new RegExp("(?<!\\p{L})(?<type>github_pat)_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])", "gu");
        const GITHUB_APP_INSTALLATION_TOKEN_PATTERN = new RegExp("(?<!\\p{L})(?<type>ghs)_[0-9]{1,20}_[A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,10000}\\.[A-Za-z0-9_-]{1,1000}(?![A-Za-z0-9_-])", "gu");
        const patterns = [
          CLASSIC_GITHUB_TOKEN_PATTERN,
          FINE_GRAINED_GITHUB_TOKEN_PATTERN,
          GITHUB_APP_INSTALLATION_TOKEN_PATTERN
        ];
        const t = context2.createTranslator(messages$c);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            for (const pattern of patterns) {
              reportIfFoundKey$1({ pattern, source, options: normalizedOptions, context: context2, t });
            }
          }
        };
      }
    };
    messages$b = {
      GITLAB_PERSONAL_ACCESS_TOKEN: {
        en: (props) => `found GitLab Personal Access Token: ${props.KEY}`,
        ja: (props) => `GitLab Personal Access Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.KEY}`
      }
    };
    creator$c = {
      messages: messages$b,
      meta: {
        id: "@secretlint/secretlint-rule-gitlab",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-gitlab/README.md"
        }
      },
      create(context2, options) {
        const GITLAB_PERSONAL_ACCESS_TOKEN_PATTERN = new RegExp("(?<!\\p{L})glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])", "gu");
        const patterns = [GITLAB_PERSONAL_ACCESS_TOKEN_PATTERN];
        const t = context2.createTranslator(messages$b);
        const normalizedOptions = {
          allows: options.allows ?? []
        };
        return {
          file(source) {
            for (const pattern of patterns) {
              reportIfFoundKey({ pattern, source, options: normalizedOptions, context: context2, t });
            }
          }
        };
      }
    };
    messages$a = {
      GRAFANA_CLOUD_API_TOKEN: {
        en: (props) => `found Grafana Cloud API token: ${props.TOKEN}`,
        ja: (props) => `Grafana Cloud API \u30C8\u30FC\u30AF\u30F3: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      GRAFANA_SERVICE_ACCOUNT_TOKEN: {
        en: (props) => `found Grafana Service Account token: ${props.TOKEN}`,
        ja: (props) => `Grafana Service Account \u30C8\u30FC\u30AF\u30F3: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$b = {
      messages: messages$a,
      meta: {
        id: "@secretlint/secretlint-rule-grafana",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-grafana/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$a);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        const GRAFANA_CLOUD_API_TOKEN_PATTERN = new RegExp("(?<!\\p{L})glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])", "gu");
        const GRAFANA_SERVICE_ACCOUNT_TOKEN_PATTERN = new RegExp("(?<!\\p{L})glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9])", "gu");
        return {
          file(source) {
            reportIfFound$1({
              pattern: GRAFANA_CLOUD_API_TOKEN_PATTERN,
              messageId: "GRAFANA_CLOUD_API_TOKEN",
              source,
              options: normalizedOptions,
              context: context2,
              t
            });
            reportIfFound$1({
              pattern: GRAFANA_SERVICE_ACCOUNT_TOKEN_PATTERN,
              messageId: "GRAFANA_SERVICE_ACCOUNT_TOKEN",
              source,
              options: normalizedOptions,
              context: context2,
              t
            });
          }
        };
      }
    };
    messages$9 = {
      OPS_TOKEN: {
        en: (props) => `found 1Password Service Account token: ${props.TOKEN}`,
        ja: (props) => `1Password Service Account: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    is1PasswordServiceAccountToken = (base64String) => {
      try {
        const jsonString = atob(base64String.replace(/-/g, "+").replace(/_/g, "/"));
        const json = JSON.parse(jsonString);
        return typeof json === "object" && json !== null;
      } catch (error) {
        return false;
      }
    };
    creator$a = {
      messages: messages$9,
      meta: {
        id: "@secretlint/secretlint-rule-1password",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-1password/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$9);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})ops_(ey[A-Za-z0-9+/=]{100,1280}fQ={0,2})(?![A-Za-z0-9+/=])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const base64String = match[1] ?? "";
              if (!is1PasswordServiceAccountToken(base64String)) {
                continue;
              }
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t("OPS_TOKEN", {
                  TOKEN: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$8 = {
      MongoDBConnection: {
        en: (props) => `found MongoDB connection string: ${props.URI}`,
        ja: (props) => `MongoDB\u63A5\u7D9A\u6587\u5B57\u5217: ${props.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      MySQLConnection: {
        en: (props) => `found MySQL connection string: ${props.URI}`,
        ja: (props) => `MySQL\u63A5\u7D9A\u6587\u5B57\u5217: ${props.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      PostgreSQLConnection: {
        en: (props) => `found PostgreSQL connection string: ${props.URI}`,
        ja: (props) => `PostgreSQL\u63A5\u7D9A\u6587\u5B57\u5217: ${props.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    BUILTIN_IGNORED_PATTERNS = [
      "localhost",
      "127.0.0.1",
      "example.com",
      "example.org",
      "test.com",
      "password",
      "username",
      "secret",
      "mypassword",
      "myusername",
      "root",
      "admin",
      "user",
      "pass",
      "{password}",
      "${password}",
      "{{password}}",
      "{username}",
      "${username}",
      "{{username}}",
      "YOUR_PASSWORD",
      "YOUR_USERNAME",
      "REPLACE_WITH_PASSWORD"
    ];
    creator$9 = {
      messages: messages$8,
      meta: {
        id: "@secretlint/secretlint-rule-database-connection-string",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-database-connection-string/README.md"
        }
      },
      create(context2, options) {
        const normalizedOptions = {
          allows: options.allows || []
        };
        const t = context2.createTranslator(messages$8);
        return {
          file(source) {
            reportMongoDBConnectionString({ source, options: normalizedOptions, context: context2, t });
            reportMySQLConnectionString({ source, options: normalizedOptions, context: context2, t });
            reportPostgreSQLConnectionString({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$7 = {
      HASHICORP_VAULT_SERVICE_TOKEN: {
        en: (props) => `found HashiCorp Vault service token: ${props.TOKEN}`,
        ja: (props) => `HashiCorp Vault service token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      HASHICORP_VAULT_BATCH_TOKEN: {
        en: (props) => `found HashiCorp Vault batch token: ${props.TOKEN}`,
        ja: (props) => `HashiCorp Vault batch token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      HASHICORP_VAULT_RECOVERY_TOKEN: {
        en: (props) => `found HashiCorp Vault recovery token: ${props.TOKEN}`,
        ja: (props) => `HashiCorp Vault recovery token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    serviceTokenPattern = new RegExp("(?<!\\p{L})hvs\\.[A-Za-z0-9_-]{90,120}(?![A-Za-z0-9_-])", "gu");
    batchTokenPattern = new RegExp("(?<!\\p{L})hvb\\.[A-Za-z0-9_-]{138,300}(?![A-Za-z0-9_-])", "gu");
    recoveryTokenPattern = new RegExp("(?<!\\p{L})hvr\\.[A-Za-z0-9_-]{90,120}(?![A-Za-z0-9_-])", "gu");
    creator$8 = {
      messages: messages$7,
      meta: {
        id: "@secretlint/secretlint-rule-hashicorp-vault",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-hashicorp-vault/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$7);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        const reportMatches = (source, pattern, messageId) => {
          const matches = source.content.matchAll(pattern);
          for (const match of matches) {
            const index = match.index ?? 0;
            const matchString = match[0] ?? "";
            const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
            if (allowedResults.length > 0) {
              continue;
            }
            const range = [index, index + matchString.length];
            context2.report({
              message: t(messageId, {
                TOKEN: matchString
              }),
              range
            });
          }
        };
        return {
          file(source) {
            reportMatches(source, serviceTokenPattern, "HASHICORP_VAULT_SERVICE_TOKEN");
            reportMatches(source, batchTokenPattern, "HASHICORP_VAULT_BATCH_TOKEN");
            reportMatches(source, recoveryTokenPattern, "HASHICORP_VAULT_RECOVERY_TOKEN");
          }
        };
      }
    };
    messages$6 = {
      VERCEL_PERSONAL_ACCESS_TOKEN: {
        en: (props) => `found Vercel personal access token: ${props.ID}`,
        ja: (props) => `Vercel personal access token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      VERCEL_INTEGRATION_TOKEN: {
        en: (props) => `found Vercel integration token: ${props.ID}`,
        ja: (props) => `Vercel integration token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      VERCEL_APP_ACCESS_TOKEN: {
        en: (props) => `found Vercel app access token: ${props.ID}`,
        ja: (props) => `Vercel app access token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      VERCEL_APP_REFRESH_TOKEN: {
        en: (props) => `found Vercel app refresh token: ${props.ID}`,
        ja: (props) => `Vercel app refresh token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      VERCEL_AI_GATEWAY_API_KEY: {
        en: (props) => `found Vercel AI Gateway API key: ${props.ID}`,
        ja: (props) => `Vercel AI Gateway API key: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    prefixToMessageId = {
      vcp: "VERCEL_PERSONAL_ACCESS_TOKEN",
      vci: "VERCEL_INTEGRATION_TOKEN",
      vca: "VERCEL_APP_ACCESS_TOKEN",
      vcr: "VERCEL_APP_REFRESH_TOKEN",
      vck: "VERCEL_AI_GATEWAY_API_KEY"
    };
    creator$7 = {
      messages: messages$6,
      meta: {
        id: "@secretlint/secretlint-rule-vercel",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-vercel/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$6);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})(?<prefix>vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const prefix = match.groups?.prefix;
              const messageId = prefixToMessageId[prefix];
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t(messageId, {
                  ID: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$5 = {
      DATABRICKS_PERSONAL_ACCESS_TOKEN: {
        en: (props) => `found Databricks personal access token: ${props.ID}`,
        ja: (props) => `Databricks personal access token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$6 = {
      messages: messages$5,
      meta: {
        id: "@secretlint/secretlint-rule-databricks",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-databricks/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$5);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t("DATABRICKS_PERSONAL_ACCESS_TOKEN", {
                  ID: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$4 = {
      DOCKER_PERSONAL_ACCESS_TOKEN: {
        en: (props) => `found Docker Personal Access Token: ${props.TOKEN}`,
        ja: (props) => `Docker Personal Access Token: ${props.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$5 = {
      messages: messages$4,
      meta: {
        id: "@secretlint/secretlint-rule-docker",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-docker/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$4);
        const normalizedOptions = {
          allows: options.allows || []
        };
        return {
          file(source) {
            reportIfFoundDockerPAT({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$3 = {
      FIGMA_PERSONAL_ACCESS_TOKEN: {
        en: (props) => `found Figma Personal Access Token: ${props.ID}`,
        ja: (props) => `Figma Personal Access Token: ${props.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    creator$4 = {
      messages: messages$3,
      meta: {
        id: "@secretlint/secretlint-rule-figma",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-figma/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$3);
        const normalizedOptions = {
          allows: options?.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const range = [index, index + matchString.length];
              context2.report({
                message: t("FIGMA_PERSONAL_ACCESS_TOKEN", {
                  ID: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    messages$2 = {
      CLOUDFLARE_GLOBAL_API_KEY: {
        en: (props) => `found Cloudflare Global API Key: ${props.TOKEN}`,
        ja: (props) => `Cloudflare Global API Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.TOKEN}`
      },
      CLOUDFLARE_USER_API_TOKEN: {
        en: (props) => `found Cloudflare User API Token: ${props.TOKEN}`,
        ja: (props) => `Cloudflare User API Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.TOKEN}`
      },
      CLOUDFLARE_ACCOUNT_API_TOKEN: {
        en: (props) => `found Cloudflare Account API Token: ${props.TOKEN}`,
        ja: (props) => `Cloudflare Account API Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${props.TOKEN}`
      }
    };
    messageIdMap = {
      cfk: "CLOUDFLARE_GLOBAL_API_KEY",
      cfut: "CLOUDFLARE_USER_API_TOKEN",
      cfat: "CLOUDFLARE_ACCOUNT_API_TOKEN"
    };
    CLOUDFLARE_TOKEN_PATTERN = new RegExp("(?<!\\p{L})(?<prefix>cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])", "gu");
    creator$3 = {
      messages: messages$2,
      meta: {
        id: "@secretlint/secretlint-rule-cloudflare",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-cloudflare/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$2);
        const normalizedOptions = {
          allows: options.allows ?? []
        };
        return {
          file(source) {
            reportIfFound({ source, options: normalizedOptions, context: context2, t });
          }
        };
      }
    };
    messages$1 = {
      TAILSCALE_API_KEY: {
        en: (props) => `found Tailscale API access token: ${props.KEY}`,
        ja: (props) => `Tailscale API \u30A2\u30AF\u30BB\u30B9\u30C8\u30FC\u30AF\u30F3: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      TAILSCALE_AUTH_KEY: {
        en: (props) => `found Tailscale pre-authentication key: ${props.KEY}`,
        ja: (props) => `Tailscale \u4E8B\u524D\u8A8D\u8A3C\u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      TAILSCALE_CLIENT_KEY: {
        en: (props) => `found Tailscale OAuth client key: ${props.KEY}`,
        ja: (props) => `Tailscale OAuth \u30AF\u30E9\u30A4\u30A2\u30F3\u30C8\u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      TAILSCALE_SCIM_KEY: {
        en: (props) => `found Tailscale SCIM key: ${props.KEY}`,
        ja: (props) => `Tailscale SCIM \u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      TAILSCALE_WEBHOOK_KEY: {
        en: (props) => `found Tailscale webhook key: ${props.KEY}`,
        ja: (props) => `Tailscale Webhook \u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      },
      TAILSCALE_KEY: {
        en: (props) => `found Tailscale key: ${props.KEY}`,
        ja: (props) => `Tailscale \u30AD\u30FC: ${props.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F`
      }
    };
    messageIdByType = {
      api: "TAILSCALE_API_KEY",
      auth: "TAILSCALE_AUTH_KEY",
      client: "TAILSCALE_CLIENT_KEY",
      scim: "TAILSCALE_SCIM_KEY",
      webhook: "TAILSCALE_WEBHOOK_KEY"
    };
    creator$2 = {
      messages: messages$1,
      meta: {
        id: "@secretlint/secretlint-rule-tailscale",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-tailscale/README.md"
        }
      },
      create(context2, options) {
        const t = context2.createTranslator(messages$1);
        const normalizedOptions = {
          allows: options.allows ?? []
        };
        return {
          file(source) {
            const pattern = new RegExp("(?<!\\p{L})tskey-(?<type>[a-z]{2,20})-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])", "gu");
            const matches = source.content.matchAll(pattern);
            for (const match of matches) {
              const index = match.index ?? 0;
              const matchString = match[0] ?? "";
              const type = match.groups?.type ?? "";
              const range = [index, index + matchString.length];
              const allowedResults = regexpStringMatcherExports.matchPatterns(matchString, normalizedOptions.allows);
              if (allowedResults.length > 0) {
                continue;
              }
              const messageId = messageIdByType[type] ?? "TAILSCALE_KEY";
              context2.report({
                message: t(messageId, {
                  KEY: matchString
                }),
                range
              });
            }
          }
        };
      }
    };
    HTML_COMMENT_REGEXP = /(?<type>secretlint-(?:disable-next-line|disable-line|disable|enable))(?<options>.*)/g;
    parseComments = (source) => {
      const matches = source.content.matchAll(HTML_COMMENT_REGEXP);
      return Array.from(matches).map((match) => {
        const type = match.groups?.type;
        const index = match.index;
        if (type === "secretlint-disable-line") {
          return {
            type,
            options: parseComment(match.groups?.options),
            line: source.indexToPosition(index).line
          };
        }
        if (type === "secretlint-disable-next-line") {
          return {
            type,
            options: parseComment(match.groups?.options),
            line: source.indexToPosition(index).line + 1
          };
        }
        return {
          type,
          options: parseComment(match.groups?.options),
          index
        };
      });
    };
    CommentState = class {
      source;
      reportingConfig;
      endIndex;
      constructor(source) {
        this.source = source;
        this.reportingConfig = [];
        this.endIndex = source.content.length;
      }
      getIgnoringMessages() {
        const isFilledMessage = (message) => {
          return message.startIndex !== null && message.endIndex !== null && message.ruleId !== null;
        };
        return this.reportingConfig.map((reporting) => {
          if (reporting.endIndex === null) {
            reporting.endIndex = this.endIndex;
          }
          return reporting;
        }).filter(isFilledMessage);
      }
      disableLine(lineNumber, rulesToDisable) {
        const reportingConfig = this.reportingConfig;
        const range = this.source.locationToRange({
          start: {
            line: lineNumber,
            column: 0
          },
          end: {
            line: lineNumber + 1,
            column: 0
          }
        });
        if (rulesToDisable.length) {
          rulesToDisable.forEach((ruleId) => {
            reportingConfig.push({
              startIndex: range[0],
              endIndex: range[1] - 1,
              ruleId
            });
          });
        } else {
          reportingConfig.push({
            startIndex: range[0],
            endIndex: range[1] - 1,
            ruleId: "*"
          });
        }
      }
      /**
       * Add data to reporting configuration to disable reporting for list of rules
       * starting from start location
       * @returns {void}
       */
      disableReporting(startIndex, rulesToDisable) {
        const reportingConfig = this.reportingConfig;
        if (rulesToDisable.length) {
          rulesToDisable.forEach(function(ruleId) {
            reportingConfig.push({
              startIndex,
              endIndex: null,
              ruleId
            });
          });
        } else {
          reportingConfig.push({
            startIndex,
            endIndex: null,
            ruleId: "*"
          });
        }
      }
      /**
       * Add data to reporting configuration to enable reporting for list of rules
       * starting from start location
       */
      enableReporting(endIndex, rulesToEnable) {
        const reportingConfig = this.reportingConfig;
        if (rulesToEnable.length) {
          rulesToEnable.forEach(function(ruleId) {
            for (let i = reportingConfig.length - 1; i >= 0; i--) {
              if (!reportingConfig[i].endIndex && reportingConfig[i].ruleId === ruleId) {
                reportingConfig[i].endIndex = endIndex;
                break;
              }
            }
          });
        } else {
          let prevStart;
          for (let i = reportingConfig.length - 1; i >= 0; i--) {
            if (prevStart && prevStart !== reportingConfig[i].startIndex) {
              break;
            }
            if (!reportingConfig[i].endIndex) {
              reportingConfig[i].endIndex = endIndex;
              prevStart = reportingConfig[i].startIndex;
            }
          }
        }
      }
    };
    messages = {
      IGNORE_MESSAGE: {
        en: () => `disable by secretlint-disable comment`
      }
    };
    creator$1 = {
      messages,
      meta: {
        id: "@secretlint/secretlint-rule-filter-comments",
        recommended: true,
        type: "scanner",
        supportedContentTypes: ["text"],
        docs: {
          url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-filter-comments/README.md"
        }
      },
      create(context2) {
        const t = context2.createTranslator(messages);
        return {
          file(source) {
            const state = new CommentState(source);
            const comments = parseComments(source);
            for (const comment of comments) {
              if (comment.type === "secretlint-disable") {
                state.disableReporting(comment.index, comment.options);
              } else if (comment.type === "secretlint-enable") {
                state.enableReporting(comment.index, comment.options);
              } else if (comment.type === "secretlint-disable-line") {
                state.disableLine(comment.line, comment.options);
              } else if (comment.type === "secretlint-disable-next-line") {
                state.disableLine(comment.line, comment.options);
              }
            }
            state.getIgnoringMessages().forEach((message) => {
              context2.ignore({
                message: t("IGNORE_MESSAGE"),
                range: [message.startIndex, message.endIndex],
                targetRuleId: message.ruleId
              });
            });
          }
        };
      }
    };
    rules = [
      creator$s,
      creator$r,
      creator$h,
      creator$q,
      creator$o,
      creator$p,
      creator$g,
      creator$f,
      creator$e,
      creator$d,
      creator$c,
      creator$b,
      creator$n,
      creator$m,
      creator$l,
      creator$k,
      creator$j,
      creator$i,
      creator$a,
      creator$9,
      creator$8,
      creator$7,
      creator$6,
      creator$5,
      creator$4,
      creator$3,
      creator$2,
      creator$1
    ];
    creator = {
      meta: {
        id: "@secretlint/secretlint-rule-preset-recommend",
        recommended: true,
        type: "preset"
      },
      rules,
      create(context2, _options) {
        rules.forEach((rule) => {
          context2.registerRule(rule);
        });
      }
    };
  }
});

// src/error-kb/normalize.ts
var PATH_RE = /(?<![\w<>.~-])\/(?:[^\s'"`:;,()[\]{}<>|]+)/g;
var WIN_PATH_RE = /(?<![\w<>])[A-Za-z]:\\[^\s'"`:;,()[\]{}<>|]*/g;
var REL_PATH_RE = /(?<![\w<>/.~@-])(?:(?:~|\.{1,2})\/[^\s'"`:;,()[\]{}<>|]*|[\w@.-]+(?:\/[\w@.+-]+)*\/[\w@+-][\w@.+-]*\.[A-Za-z][A-Za-z0-9]{0,7}\b)/g;
var HEX_RE = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi;
var NUMBER_RE = /(?<![A-Za-z_\d])\d{2,}(?:ms|us|ns|s|m|h|k|kb|mb|gb|KB|MB|GB|KiB|MiB|GiB)?(?![A-Za-z_])/g;
var DOTTED_RE = /(?<![\w.<>-])v?\d+(?:\.\d+)+(?:-(?:alpha|beta|rc|pre|canary|next|dev)(?:\.?\d+)?)?(?![\w]|\.\d)/g;
var LOCATION_RE = /(<PATH>)(:|\()(\d+|<N>)(?:([:,])(\d+|<N>))?/g;
var LINE_RE = /\b(line|column|col|Line) \d\b/g;
var TIMESTAMP_RE = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\w])/g;
var QUOTED_RE = /(?<![\p{L}\p{N}])'[^'\n]{0,100}'(?![\p{L}\p{N}])|"[^"\n]{0,100}"|`[^`'\n]{0,100}'(?![\p{L}\p{N}])|`[^`\n]{0,100}`|‘[^‘’\n]{0,100}’(?![\p{L}\p{N}])|“[^“”\n]{0,100}”/gu;
var LEADING_LOCATION = /^(?:(?:(?:<internal:)?<PATH>>?(?:(?::<N>|:\d+){1,2}|\(<N>,<N>\))?|[\w.-]+\.[A-Za-z]\w{0,7}(?:(?::<N>|:\d+){1,2}|\(<N>,<N>\)))(?::in <STR>)?(?::| -)(?: line (?:<N>|\d+):| (?:<N>|\d+):)?\s+(?=\S)|(?:<N>|\d+):(?:<N>|\d+)\s+(?=(?:error|warning)\b)|(?:ba|z|da|k)?sh: (?:line )?(?:<N>|\d+):\s+(?=\S))/;
var isSentence = (quoted) => (quoted.match(new RegExp("\\p{L}{2,}", "gu")) ?? []).length >= 3 && /\s/.test(quoted);
var REPORTER = /^(?:(?:(?:ba|z|da|k|fi)?sh|docker): |PHP (?=(?:Fatal error|Warning|Parse error|Notice|Deprecated):))+/;
var ZSH_ORDER = /^(command not found|permission denied|no such file or directory|event not found): (.+)$/i;
var BASH_WORDING = {
  "command not found": "command not found",
  "permission denied": "Permission denied",
  "no such file or directory": "No such file or directory",
  "event not found": "event not found"
};
function reporterless(key) {
  const k = key.replace(REPORTER, "");
  if (k === key) return key;
  const z = ZSH_ORDER.exec(k);
  return z ? `${z[2]}: ${BASH_WORDING[z[1].toLowerCase()]}` : k;
}
function mask(message, sentences = false) {
  return message.slice(0, 4e3).replace(PATH_RE, "<PATH>").replace(WIN_PATH_RE, "<PATH>").replace(REL_PATH_RE, "<PATH>").replace(TIMESTAMP_RE, "<N>").replace(HEX_RE, "<N>").replace(DOTTED_RE, "<N>").replace(NUMBER_RE, "<N>").replace(
    LOCATION_RE,
    (_m, p, open, _l, sep2) => `${p}${open}<N>${sep2 ? `${sep2}<N>` : ""}`
  ).replace(LINE_RE, "$1 <N>").replace(QUOTED_RE, (q) => sentences && isSentence(q) ? q : "<STR>");
}
function normalizeError(message) {
  return reporterless(keyWithReporter(message));
}
function keyWithReporter(message) {
  if (typeof message !== "string" || !message) return "";
  try {
    return mask(message).slice(0, 200).replace(/[ \t]{2,}/g, " ").trim().replace(LEADING_LOCATION, "");
  } catch {
    return "";
  }
}
var KEY_MAX = 200;
function normalizeDetail(message) {
  if (typeof message !== "string" || !message) return "";
  try {
    return mask(message, true).replace(/[ \t]{2,}/g, " ").trim().replace(LEADING_LOCATION, "").replace(/["“”‘’`]/g, "'");
  } catch {
    return "";
  }
}
function maskedNames(message) {
  if (typeof message !== "string" || !message) return [];
  try {
    const text = message.slice(0, 4e3);
    const found = [];
    const unquoted = text.replace(QUOTED_RE, (m, at) => {
      found.push({ at, name: m.slice(1, -1) });
      return " ".repeat(m.length);
    });
    for (const re of [PATH_RE, WIN_PATH_RE, REL_PATH_RE])
      for (const m of unquoted.matchAll(re)) found.push({ at: m.index, name: m[0] });
    found.sort((a, b) => a.at - b.at);
    const lead = LEADING_LOCATION.exec(
      mask(text).replace(/[ \t]{2,}/g, " ").trim()
    );
    let skip = lead ? (lead[0].match(/<(?:STR|PATH)>/g) ?? []).length : 0;
    const out = [];
    let end = -1;
    for (const f of found) {
      if (f.at < end) continue;
      end = f.at + f.name.length;
      if (skip > 0) skip--;
      else if (f.name.trim()) out.push(f.name.trim());
    }
    return out;
  } catch {
    return [];
  }
}
var LINE_MAX = 2e3;
var EXIT_CODE_LINE = /^\s*Exit code -?\d+\s*$/i;
var TRACEBACK_LINE = /^Traceback \(most recent call last\):?$/;
var PY_EXCEPTION = /^(?:E\s+)?[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?::|$)/;
var LABELLED = /^(?:[\w.]*(?:Error|Exception)\b|error(?:\[\w+\])?\s*:|fatal\s*:|FATAL\b|panic\b|npm (?:ERR!|error)|ERROR\b|E\s+\w|FAILED\b|Uncaught\b|thread '.*' panicked|Segmentation fault|Killed\b)/i;
var KEY_LINE = /(\b|[a-z])(error|err!|fatal|failed|failure|exception|traceback|denied|refused|not found|no such|cannot|can't|could not|couldn't|unable|invalid|undefined|missing|panic|segmentation|timed? ?out|conflict|does not exist|doesn't exist|not supported|unbound|unknown|not satisfied|not allowed|not used|mismatch(?:ed)?|exceeded|too (?:many|long|large)|multiple definition|undefined reference)\b/i;
var FRAME_LINE = /^(?:#\s+\S+|\S+\.py::\S+|ERRORS|FAILURES|short test summary info|warnings summary|test session starts|ERROR collecting \S+|_*\s*test\w*(?:\[.*\])?\s*_*|\^+|~+)$/i;
var SUMMARY_LINE = /^(?:collect2: error: ld returned \d+ exit status|make(?:\[\d+\])?: \*\*\* \[.*\] Error \d+|error: could not compile `.*` .*due to \d+ previous errors?.*|npm (?:ERR!|error) A complete log of this run can be found in.*|npm (?:ERR!|error)\s*)$/;
var WRAPPER_LINE = /^(?:error: failed to push some refs to\b.*|(?:[\w:]*BuildError: )?ERROR: Failed to build gem native extension\.?|ERROR:\s+Error installing \S+:?|An error occurred while installing .*|(?:ERROR: (?:failed to solve: )?)?(?:process|executor failed running) .* did not complete successfully: exit code: \d+|error during build:?|failed to load config from .*|\[cause\]: .*|!?\s*\[(?:remote )?rejected\] .*|fatal: Could not read from remote repository\.?|\*+ ?APPLICATION FAILED TO START ?\*+|APPLICATION FAILED TO START|\[ERROR\] COMPILATION ERROR\s*:?|error: subprocess-exited-with-error|× .* did not run successfully\.?|x Build failed in \S+|Your requirements could not be resolved to an installable set of packages\.?)$/i;
var HEADLINE_LINE = /^(?:Failed to compile\.?|Host key verification failed\.?|Compiled with problems:?|(?:ERROR: )?usage: \S+ .*)$/i;
var PROGRESS_LINE = /^(?:go: (?:downloading|finding|extracting) .*|(?:Enumerating|Counting|Compressing|Writing|Receiving|Resolving) objects:.*|Delta compression .*|Total \d+ .*|npm (?:notice|http|timing|verbose|info)\b.*|(?:Building|Installing) .*(?:native extensions|\.\.\.).*|Fetching .*|Downloading .*|Collecting .*|Using cached .*|Compiling \S+ v[\d.]+.*|\s*Updating .* index|To (?:https?:\/\/|[\w.-]+@|[\w.-]+:)\S*|(?:error: )?Trace: [0-9a-f]+|(?:error: )?See \S+ for more information\.?|More details here: .*|Unable to find image \S+ locally|\S+: Pulling from .*|\[[\w -]*\d+\/\d+\] .*|Installing dependencies from lock file.*|Verifying lock file contents .*|Loading composer repositories .*|Updating dependencies|\[INFO\] .*|│ exit code: \d+|╰─> \[\d+ lines of output\])$/i;
var RELAY_PREFIX = /^(?:remote:\s+|#\d+ (?:\d+\.\d+ )?)/;
var PYTEST_SUMMARY = /^short test summary info$/i;
var PY_QUALIFIED_EXCEPTION = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+: \S/;
var BREAKING_CHANGE = /^BREAKING CHANGE: (.*?[.!?])(?:\s|$)/;
function stripBanner(l) {
  const rule = (c) => c === "=" || c === "_" || c === "*" || c === "-";
  let a = 0;
  while (rule(l[a])) a++;
  if (a < 3) a = 0;
  let b = l.length;
  while (b > a && rule(l[b - 1])) b--;
  if (l.length - b < 3) b = l.length;
  return l.slice(a, b).trim();
}
var WEBPACK_LOCATION = /^(?:ERROR|WARNING) in \S+(?: \d+:\d+(?:-\d+)?)?$/;
var CMAKE_HEADER = /^CMake (?:Error|Warning)(?: \(dev\))? at .*:$/;
var GRADLE_WRONG = /^\* What went wrong:$/;
var GRADLE_TASK = /^Execution failed for task .*$/;
var PROBLEM_HEADER = /^Problem \d+$/;
var DESCRIPTION_HEADER = /^Description:$/;
var ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Z0-9]/g;
var DECORATION = new RegExp(
  "^(?:" + [
    // timestamps: ISO (Actions' 7 decimals), bracketed, time of day
    String.raw`\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?`,
    String.raw`\[?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?(?=\s)`,
    // GitHub Actions' markers, docker compose's `service-1  | `, git's `remote: `, buildkit's `#12 0.8 `
    String.raw`##\[(?:error|warning|notice|debug)\]`,
    String.raw`::(?:error|warning|notice)[^:]*::`,
    String.raw`[A-Za-z][\w.-]*\s+\|(?: |$)`,
    String.raw`remote:`,
    String.raw`#\d+ (?:\d+\.\d+ )?`
  ].join("|") + ")\\s*"
);
var NOISE_LINE = new RegExp(
  "^(?:" + [
    String.raw`(?:Error: )?Process completed with exit code \d+\.?`,
    // Actions' closing line
    String.raw`##\[\w+\].*`,
    // Actions' group markers
    String.raw`\++ \S.*`,
    // set -x echo
    String.raw`(?:==>|--->|----->) .*`,
    // banners (Homebrew, makepkg, buildpacks)
    String.raw`Attaching to .*|\S+ exited with code \d+`,
    // docker compose
    String.raw`Progress: resolved .*|\d+%\s*\|.*|\[[#=>.\s-]{4,}\].*|[⠁-⣿]\s.*`
    // progress bars
  ].join("|") + ")$"
);
var WRAPPER_OF_CHILD = /^(?:npm (?:ERR!|error) (?:code (?:\d+|ELIFECYCLE)|errno \S+|path .*|command .*|Lifecycle script .*|Failed at the .*|workspace .*|location .*|signal .*|This is probably not a problem .*)|error Command failed with exit code \d+\.?|(?:Error: )?Command failed(?: with exit code \d+)?: .*|ERROR: Job failed: .*|exit status \d+|compilation terminated\.|ELIFECYCLE .*|The command .* returned a non-zero code: \d+|error: script ".*" exited with code \d+|make(?:\[\d+\])?: \*\*\* .*)$/;
var STACK_FRAME = /^(?:at \S.*|File ".*", line \d+.*|from \S+:\d+:in .*|\S+\.go:\d+(?: \+0x[0-9a-f]+)?|goroutine \d+ \[.*\]:|#\d+ \S+\(.*|\.\.\. \d+ more|\d+: (?:std|core|tokio|alloc)::.*|(?:>\s*)?\d+\s*\|.*)$/;
function outputLines(raw) {
  return raw.slice(0, 2e4).replace(/<\/?tool_use_error>/g, "").replace(ANSI, "").split(/\r?\n/).map((l) => {
    let t = l.slice(0, LINE_MAX).trim();
    for (let d = DECORATION.exec(t); d && d[0]; d = DECORATION.exec(t)) t = t.slice(d[0].length);
    return t;
  }).filter((l) => !EXIT_CODE_LINE.test(l) && !PROGRESS_LINE.test(l) && !NOISE_LINE.test(l));
}
function errorLikeness(l) {
  if (!l || STACK_FRAME.test(l) || WRAPPER_OF_CHILD.test(l) || SUMMARY_LINE.test(l) || FRAME_LINE.test(l))
    return 0;
  return (LABELLED.test(l) ? 2 : 0) + (KEY_LINE.test(l) ? 1 : 0) + (/\b[A-Z]{1,4}\d{3,5}\b|\bE[A-Z]{3,}\b|[a-z](?:Error|Exception)\b/.test(l) ? 1 : 0);
}
var SIGNATURE_LINES = 3;
function errorSignature(raw) {
  if (typeof raw !== "string" || !raw) return [];
  const message = extractErrorMessage(raw);
  if (!message) return [];
  const all = outputLines(raw);
  const at = all.findIndex((l) => l && (message.includes(l) || l.includes(message)));
  const others = all.map((line, i) => ({ line, i, score: errorLikeness(line) + (i === at + 1 && at >= 0 ? 1 : 0) })).filter((c) => c.score > 0 && c.i !== at && !message.includes(c.line)).sort((a, b) => b.score - a.score || a.i - b.i).slice(0, SIGNATURE_LINES - 1).sort((a, b) => a.i - b.i).map((c) => c.line);
  return [message, ...new Set(others)].slice(0, SIGNATURE_LINES);
}
function extractErrorMessage(raw) {
  if (typeof raw !== "string") return "";
  const text = raw.slice(0, 2e4).replace(/<\/?tool_use_error>/g, "");
  const all = outputLines(text);
  const lines = all.filter(Boolean);
  if (lines.length === 0) return text.trim();
  if (lines.some((l) => TRACEBACK_LINE.test(l))) {
    const last = [...lines].reverse().find((l) => PY_EXCEPTION.test(l) || PY_QUALIFIED_EXCEPTION.test(l) && !/^File /.test(l));
    if (last) return last;
  }
  const paragraph = (i, max = 3) => {
    const out = [];
    for (let k2 = i + 1; k2 < all.length && out.length < max && all[k2]; k2++) out.push(all[k2]);
    return out.join(" ");
  };
  const gradle = all.findIndex((l) => GRADLE_WRONG.test(l));
  if (gradle >= 0 && paragraph(gradle)) {
    const causes = paragraph(gradle, 20).split(/\s+> /).slice(1).map((c) => c.trim());
    if (causes.length >= 2) return causes[causes.length - 1];
    return paragraph(gradle);
  }
  const task = all.findIndex((l) => GRADLE_TASK.test(l));
  if (task >= 0 && /^> /.test(all[task + 1] ?? "")) {
    const causes = [all[task], paragraph(task, 20)].join(" ").split(/\s+> /).slice(1);
    if (causes.length) return causes[causes.length - 1].trim();
  }
  const problem = all.findIndex((l) => PROBLEM_HEADER.test(l));
  if (problem >= 0) {
    const reasons = [];
    for (let k2 = problem + 1; k2 < all.length && /^- /.test(all[k2] ?? ""); k2++) reasons.push(all[k2].slice(2));
    if (reasons.length) return reasons[reasons.length - 1];
  }
  const description = all.findIndex((l) => DESCRIPTION_HEADER.test(l));
  if (description >= 0 && all[description + 1] === "" && all[description + 2])
    return all[description + 2];
  const cmake = all.findIndex((l) => CMAKE_HEADER.test(l));
  if (cmake >= 0 && paragraph(cmake)) return paragraph(cmake);
  const content = [];
  let inSummary = false;
  all.forEach((l, at) => {
    if (!l || TRACEBACK_LINE.test(l)) return;
    const line = stripBanner(l);
    if (PYTEST_SUMMARY.test(line)) inSummary = true;
    else if (line && !FRAME_LINE.test(line) && !STACK_FRAME.test(line))
      content.push({ line, at, summary: inSummary });
  });
  let real = content.filter(
    (c) => !c.summary && !SUMMARY_LINE.test(c.line) && !WRAPPER_LINE.test(c.line) && !WRAPPER_OF_CHILD.test(c.line)
  );
  const reads = (l) => !HEADLINE_LINE.test(l) && (LABELLED.test(l) || KEY_LINE.test(l));
  if (real.some((c) => reads(c.line))) real = real.filter((c) => !HEADLINE_LINE.test(c.line));
  if (real.length) content.splice(0, content.length, ...real);
  if (content.length === 0) return lines[0];
  let k = content.findIndex((c) => LABELLED.test(c.line));
  if (k < 0) k = content.findIndex((c) => KEY_LINE.test(c.line));
  if (k < 0) k = 0;
  if (WEBPACK_LOCATION.test(content[k].line) && content[k + 1]) k++;
  let chosen = content[k];
  const npm = (l) => l.replace(/^npm error\b/, "npm ERR!").replace(/^npm warn\b/, "npm WARN");
  chosen = { ...chosen, line: npm(chosen.line) };
  if (/^npm ERR! code \S+$/.test(chosen.line)) {
    const next = content[k + 1];
    if (next && /^npm (?:ERR!|error)\s+\S/.test(next.line))
      return `${chosen.line} ${next.line.replace(/^npm (?:ERR!|error)\s+/, "")}`;
  }
  const fatal = /\bfailed: (FATAL: .*)$/.exec(chosen.line);
  if (fatal) return fatal[1];
  if (/^Module not found: /.test(chosen.line)) {
    const hint = all.slice(chosen.at + 1, chosen.at + 4).map((l) => BREAKING_CHANGE.exec(l)).find(Boolean);
    if (hint) return `${chosen.line} ${hint[0].trim()}`;
  }
  let cause = "";
  for (let i = chosen.at + 1; i < all.length; i++)
    if (/^Caused by:$/.test(all[i]) && all[i + 1]) cause = all[i + 1];
  if (cause) return `${chosen.line} Caused by: ${cause}`;
  const usage = all.slice(0, chosen.at).some((l) => HEADLINE_LINE.test(l) && /usage: /i.test(l));
  if (usage && /^[\w.-]+: error: \S/.test(chosen.line)) return chosen.line.replace(/^[\w.-]+: /, "");
  const swc = (l) => l.replace(/^(Error:)\s+[x×]\s+/, "$1 ");
  if (chosen.line === "Error:" && /^[x×]\s+\S/.test(all[chosen.at + 1] ?? ""))
    return swc(`Error: ${all[chosen.at + 1]}`);
  if (/^Error:\s+[x×]\s+\S/.test(chosen.line)) return swc(chosen.line);
  if (chosen.line.endsWith(":")) {
    const next = all[chosen.at + 1] || (all[chosen.at + 1] === "" ? all[chosen.at + 2] : void 0);
    if (next) return `${chosen.line} ${next}`;
  }
  return chosen.line;
}

// src/common/safe-fs.ts
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync
} from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
var O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
var O_NONBLOCK = constants.O_NONBLOCK ?? 0;
var UnsafePathError = class extends Error {
  code = "EUNSAFEPATH";
  constructor(message) {
    super(message);
    this.name = "UnsafePathError";
  }
};
function isInside(root, path2) {
  const rel = relative(resolve(root), resolve(path2));
  return rel === "" || rel !== ".." && !rel.startsWith(".." + sep) && !isAbsolute(rel);
}
function realDir(path2) {
  if (!path2 || typeof path2 !== "string" || !isAbsolute(path2)) return null;
  try {
    const real = realpathSync(path2);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}
function partsBelow(root, path2) {
  if (!isInside(root, path2)) throw new UnsafePathError(`${path2} is outside ${root}`);
  const rel = relative(resolve(root), resolve(path2));
  return rel ? rel.split(sep).filter(Boolean) : [];
}
function ensureDirIn(root, dir, mode = 448) {
  const parts = partsBelow(root, dir);
  let cur = resolve(root);
  let st;
  try {
    st = statSync(cur);
  } catch {
    throw new UnsafePathError(`${root} does not exist`);
  }
  if (!st.isDirectory()) throw new UnsafePathError(`${root} is not a folder`);
  let created = false;
  for (const part of parts) {
    cur = `${cur}${cur.endsWith(sep) ? "" : sep}${part}`;
    created = false;
    let s = lstatOrNull(cur);
    if (!s) {
      try {
        mkdirSync(cur, { mode });
        created = true;
      } catch (e) {
        if (e.code !== "EEXIST") throw e;
      }
      s = lstatSync(cur);
    }
    if (s.isSymbolicLink() || !s.isDirectory()) {
      throw new UnsafePathError(`${cur} is a symlink or not a folder; refusing to use it`);
    }
  }
  return created;
}
function ensureHome(home, mode = 448) {
  const abs = resolve(home);
  mkdirSync(abs, { recursive: true, mode });
  const real = realDir(abs);
  if (!real) throw new UnsafePathError(`${home} is not a folder`);
  return real;
}
function ensureHomeDir(home, dir, mode = 448) {
  const abs = resolve(home);
  ensureHome(abs, mode);
  ensureDirIn(abs, dir, mode);
  return dir;
}
var DEFAULT_READ_MAX = 1024 * 1024;
function readRegular(path2, opts = {}) {
  const max = Math.max(0, opts.maxBytes ?? DEFAULT_READ_MAX);
  let fd = null;
  try {
    fd = openSync(path2, constants.O_RDONLY | O_NONBLOCK | (opts.noFollow ? O_NOFOLLOW : 0));
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const size = st.size;
    const from = opts.tail ? 0 : Math.min(size, Math.max(0, Math.floor(opts.from ?? 0)));
    const len = Math.min(size - from, max);
    const data = Buffer.alloc(len);
    const start = opts.tail ? size - len : from;
    let got = 0;
    while (got < len) {
      const n = readSync(fd, data, got, len - got, start + got);
      if (n <= 0) break;
      got += n;
    }
    return { data: got < len ? data.subarray(0, got) : data, size, truncated: from + len < size || from > 0 };
  } catch {
    return null;
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
      }
    }
  }
}
function lstatOrNull(path2) {
  try {
    return lstatSync(path2);
  } catch {
    return null;
  }
}

// src/common/paths.ts
import { homedir } from "node:os";
import { join } from "node:path";
function dataHome(env = process.env) {
  const override = env.SELF_GEN_HOME;
  if (override && override.trim()) return override;
  return join(env.HOME || homedir(), ".self-generation");
}
function paths(env = process.env) {
  const home = dataHome(env);
  const dataDir = join(home, "data");
  return {
    home,
    dataDir,
    db: join(dataDir, "self-gen.db"),
    config: join(home, "config.json"),
    queueDir: join(dataDir, "queue"),
    logsDir: join(home, "logs"),
    runDir: join(home, "run"),
    modelsDir: join(home, "models"),
    recoveryLog: join(dataDir, "recovery.log")
  };
}

// src/common/secret-names.ts
var STRONG_WORDS = /* @__PURE__ */ new Set([
  "password",
  "passwords",
  "passwd",
  "pwd",
  "pass",
  "passphrase",
  "secret",
  "secrets",
  "credential",
  "credentials",
  "creds"
]);
var WEAK_WORDS = /* @__PURE__ */ new Set([
  "key",
  "keys",
  "token",
  "tokens",
  "auth",
  "authorization",
  "apikey",
  "accesskey",
  "privatekey",
  "secretkey",
  "authtoken",
  "sig",
  "signature"
]);
var STRONG_SUFFIX = /(?:password|passwd|secret|passphrase|credentials?)$/;
var NEUTRAL_LAST = /* @__PURE__ */ new Set([
  "file",
  "path",
  "dir",
  "length",
  "len",
  "count",
  "size",
  "type",
  "policy",
  "field",
  "hint",
  "prompt",
  "name",
  "env",
  "var",
  "header",
  "ttl",
  "expiry",
  "expires",
  "limit",
  "timeout",
  "min",
  "max",
  "required",
  "enabled",
  "mode",
  "format",
  "algorithm",
  "alg",
  "url",
  "uri",
  "endpoint",
  "error",
  "stdin"
]);
function words(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}
function secretNameKind(name) {
  if (name.length > 80) return null;
  const ws = words(name);
  const last = ws[ws.length - 1];
  if (last !== void 0 && NEUTRAL_LAST.has(last)) return null;
  let weak = false;
  for (const w of ws) {
    if (STRONG_WORDS.has(w) || STRONG_SUFFIX.test(w)) return "strong";
    if (WEAK_WORDS.has(w)) weak = true;
  }
  return weak ? "weak" : null;
}
function entropy(s) {
  if (!s) return 0;
  const counts = /* @__PURE__ */ new Map();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  const n = s.length;
  for (const c of counts.values()) {
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}
var PLACEHOLDER = /^(?:\[REDACTED|\[private\]|<[^>]*>$|\$\{?[A-Za-z_]|%[A-Za-z_]+%$|\{\{|process\.env\b|os\.environ|env\.|ENV\[|getenv|secrets\.|vault:|op:\/\/|arn:aws:secretsmanager|(?:true|false|null|nil|none|undefined|required|optional|string|number|boolean|yes|no|on|off|empty|redacted|changeme|example|xxx+|\*+|\.\.\.+|…)$)/i;
function isPlaceholder(value) {
  return PLACEHOLDER.test(value);
}
function looksGenerated(value) {
  if (value.length < 12 || value.length > 4096) return false;
  if (!/^[A-Za-z0-9+/=_\-.~:]+$/.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[a-z][a-z0-9+.-]*:\/\/)/i.test(value)) return false;
  if (!/[0-9]/.test(value)) return false;
  if (/^\d+(?:\.\d+)*$/.test(value)) return false;
  const h = entropy(value);
  if (/^[0-9a-f]+$/i.test(value)) return value.length >= 16 && h >= 2.9;
  return h >= 3;
}
function shouldHide(kind, value) {
  if (!kind || isPlaceholder(value)) return false;
  if (kind === "strong") return value.length >= 4 && !/^\d{1,3}$/.test(value);
  return looksGenerated(value);
}

// src/common/secret-rules.ts
var tag = (name) => `[REDACTED:${name}]`;
var NEEDS = {
  "private-key": ["PRIVATE KEY"],
  "putty-key": ["PuTTY-User-Key-File"],
  "age-secret-key": ["AGE-SECRET-KEY-1"],
  "anthropic-key": ["sk-ant-"],
  "openai-key": ["sk-"],
  "huggingface-token": ["hf_"],
  "replicate-token": ["r8_"],
  "groq-key": ["gsk_"],
  "github-token": ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
  "gitlab-token": [
    "glpat-",
    "glptt-",
    "gldt-",
    "glrt-",
    "glcbt-",
    "gloas-",
    "glft-",
    "glimt-",
    "glsoat-",
    "glagent-",
    "GR1348941"
  ],
  "bitbucket-token": ["ATBB"],
  "atlassian-token": ["ATATT3"],
  "aws-access-key": ["A3T", "AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA"],
  "google-api-key": ["AIza"],
  "google-oauth-token": ["ya29."],
  "google-client-secret": ["GOCSPX-"],
  "azure-client-secret": ["Q~"],
  "azure-storage-key": ["accountkey", "sharedaccesskey", "sharedsecret"],
  "azure-sas": ["sig="],
  "digitalocean-token": ["_v1_"],
  "terraform-token": [".atlasv1."],
  "pulumi-token": ["pul-"],
  "vault-token": ["hvs.", "hvb.", "hvr."],
  "slack-token": ["xox", "xapp-"],
  "slack-webhook": ["hooks.slack.com"],
  "discord-webhook": ["discord"],
  "telegram-bot-token": [":AA"],
  "stripe-key": ["_live_", "_test_"],
  "stripe-webhook-secret": ["whsec_"],
  "square-token": ["sq0", "EAAA"],
  "twilio-key": ["SK"],
  "sendgrid-key": ["SG."],
  "mailgun-key": ["key-"],
  "mailchimp-key": ["-us"],
  "npm-token": ["npm_"],
  "pypi-token": ["pypi-AgE"],
  "docker-token": ["dckr_pat_"],
  "postman-key": ["PMAK-"],
  "sentry-token": ["sntr"],
  "newrelic-key": ["NR"],
  "doppler-token": ["dp."],
  "supabase-token": ["sbp_"],
  "shopify-token": ["shp"],
  "linear-key": ["lin_api_"],
  jwt: ["eyJ"],
  "url-credentials": ["://"],
  bearer: ["authorization", "bearer"],
  "api-key-header": ["api-key", "auth-token", "private-token"],
  "mysql-password": ["mysql", "mariadb"],
  "registry-login-password": ["login"],
  sshpass: ["sshpass"],
  "user-password-flag": ["-u", "--user", "-U"],
  "aws-configure": ["configure"],
  netrc: ["password", "passwd"]
};
var R = (name, re, to = tag(name)) => ({
  name,
  re,
  to,
  needs: NEEDS[name] ?? []
});
var keep1 = "$1[REDACTED]";
var VALUE = String.raw`(?:\\"([^"\\\n]{1,2000})|"([^"\n]{1,2000})|'([^'\n]{1,2000})|([^\s"'\\\x60,;&|()<>{}\[\]]{1,2000}))`;
var ASSIGNMENT = new RegExp(
  String.raw`(?<![A-Za-z0-9_$])(\\?["']?)([A-Za-z_][A-Za-z0-9_.-]{0,60})\1(\s{0,5}(?::=|=>|=|:)\s{0,5})(?=${VALUE})`,
  "g"
);
var FLAG = new RegExp(
  String.raw`(?<![\w-])()(--?[A-Za-z][A-Za-z0-9-]{1,40})\1(=|\s{1,5})(?=${VALUE})`,
  "g"
);
function replaceNamed(text, re, flag) {
  let out = "";
  let at = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [head, q = "", name = "", sep2 = "", eq, dq, sq, bare] = m;
    const value = eq ?? dq ?? sq ?? bare ?? "";
    if (flag && value.startsWith("-")) continue;
    if (!shouldHide(secretNameKind(name), value)) continue;
    const quote = eq !== void 0 ? '\\"' : dq !== void 0 ? '"' : sq !== void 0 ? "'" : "";
    let end = m.index + head.length + quote.length + value.length;
    const closed = quote !== "" && text.startsWith(quote, end);
    if (closed) end += quote.length;
    out += `${text.slice(at, m.index)}${q}${name}${q}${sep2}${quote}[REDACTED]${closed ? quote : ""}`;
    at = end;
    re.lastIndex = end;
  }
  return at === 0 ? text : out + text.slice(at);
}
var OWN_RULES = [
  R(
    "private-key",
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g
  ),
  R("putty-key", /PuTTY-User-Key-File-\d: [\s\S]*?(?:Private-MAC: [0-9a-f]+|$)/g),
  R("age-secret-key", /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g),
  // AI providers
  R("anthropic-key", /\bsk-ant-[A-Za-z0-9_-]{8,}/g),
  R("openai-key", /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g),
  R("huggingface-token", /\bhf_[A-Za-z0-9]{30,}\b/g),
  R("replicate-token", /\br8_[A-Za-z0-9]{37}\b/g),
  R("groq-key", /\bgsk_[A-Za-z0-9]{40,}\b/g),
  // Version control
  R("github-token", /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{20,}/g),
  R("github-token", /\bgithub_pat_[A-Za-z0-9_]{20,}/g),
  R("gitlab-token", /\b(?:glpat|glptt|gldt|glrt|glcbt|gloas|glft|glimt|glsoat|glagent)-[A-Za-z0-9_-]{20,}/g),
  R("gitlab-token", /\bGR1348941[A-Za-z0-9_-]{20,}/g),
  R("bitbucket-token", /\bATBB[A-Za-z0-9_=.-]{28,}/g),
  R("atlassian-token", /\bATATT3[A-Za-z0-9_=.-]{40,}/g),
  // Cloud
  R("aws-access-key", /\b(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g),
  R("google-api-key", /\bAIza[0-9A-Za-z_-]{35}\b/g),
  R("google-oauth-token", /\bya29\.[0-9A-Za-z_-]{20,}/g),
  R("google-client-secret", /\bGOCSPX-[A-Za-z0-9_-]{20,}/g),
  R(
    "azure-client-secret",
    /(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g
  ),
  R(
    "azure-storage-key",
    /\b((?:AccountKey|SharedAccessKey|SharedSecret)\s{0,3}=\s{0,3})[^;\s"'\\]{8,}/gi,
    keep1
  ),
  R("azure-sas", /([?&]sig=)[A-Za-z0-9%+/=]{16,}/g, keep1),
  R("digitalocean-token", /\bdo[oapr]_v1_[a-f0-9]{64}\b/g),
  R("terraform-token", /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}/g),
  R("pulumi-token", /\bpul-[a-f0-9]{40}\b/g),
  R("vault-token", /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/g),
  // Chat, payments, mail, package registries and other SaaS
  R("slack-token", /\bxox[abposre]-[A-Za-z0-9-]{10,}/g),
  R("slack-token", /\bxapp-\d-[A-Za-z0-9-]{10,}/g),
  R("slack-webhook", /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g),
  R(
    "discord-webhook",
    /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g
  ),
  R("telegram-bot-token", /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g),
  R("stripe-key", /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
  R("stripe-webhook-secret", /\bwhsec_[A-Za-z0-9+/=]{24,}/g),
  R("square-token", /\bsq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}/g),
  R("square-token", /\bEAAA[A-Za-z0-9_-]{60}\b/g),
  R("twilio-key", /\bSK[0-9a-fA-F]{32}\b/g),
  R("sendgrid-key", /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g),
  R("mailgun-key", /\bkey-[0-9a-f]{32}\b/g),
  R("mailchimp-key", /\b[0-9a-f]{32}-us\d{1,2}\b/g),
  R("npm-token", /\bnpm_[A-Za-z0-9]{36}\b/g),
  R("pypi-token", /\bpypi-AgE[A-Za-z0-9_-]{50,}/g),
  R("docker-token", /\bdckr_pat_[A-Za-z0-9_-]{20,}/g),
  R("postman-key", /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g),
  R("sentry-token", /\bsntr[ysu]_[A-Za-z0-9+/=_]{30,}/g),
  R("newrelic-key", /\bNR(?:AK|AA|II|JS)-[A-Za-z0-9]{27}\b/g),
  R("doppler-token", /\bdp\.(?:pt|st|sa|scim|audit|ct)\.[A-Za-z0-9]{40,44}\b/g),
  R("supabase-token", /\bsbp_[a-f0-9]{40}\b/g),
  R("shopify-token", /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g),
  R("linear-key", /\blin_api_[A-Za-z0-9]{40}\b/g),
  R("jwt", /\beyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{8,}/g),
  // Credentials inside URLs: scheme://user:password@host, scheme://:password@host (redis),
  // scheme://TOKEN@host.
  R("url-credentials", /\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@]{0,200}:)[^\s@/]{1,500}@/gi, "$1[REDACTED]@"),
  R(
    "url-credentials",
    /\b([a-z][a-z0-9+.-]{0,20}:\/\/)([^\s:/@]{12,500})@/gi,
    (m, p, u) => looksGenerated(u) ? `${p}[REDACTED]@` : m
  ),
  // Authorization headers
  R(
    "bearer",
    /\b(authorization\s{0,5}[:=]\s{0,5}(?:bearer|basic|token|digest)\s{1,5})[A-Za-z0-9._~+/=-]{8,}/gi,
    keep1
  ),
  R("bearer", /\b(bearer\s{1,5})[A-Za-z0-9._~+/-]{16,}=*/gi, keep1),
  R(
    "api-key-header",
    /\b((?:x-api-key|api-key|x-auth-token|private-token)\s{0,3}:\s{0,3})[^\s"'\\]{8,}/gi,
    keep1
  ),
  // CLI password flags
  R(
    "mysql-password",
    /\b((?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlsh|mariadb|mariadb-dump)\b[^\n;|&]{0,300}?\s-p)(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|[^\s'"\\]{1,200})/g,
    keep1
  ),
  R(
    "registry-login-password",
    /\b((?:docker|podman|buildah|nerdctl|helm\s{1,5}registry|oras|skopeo)\s{1,5}login\b[^\n;|&]{0,300}?\s(?:-p|--password)(?:\s{1,5}|=))(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|[^\s'"\\]{1,200})/g,
    keep1
  ),
  R(
    "sshpass",
    /\b(sshpass\s{1,5}(?:-[a-zA-Z]\s{1,5}\S{1,200}\s{1,5}){0,4}-p\s{0,5})(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|(?!\[REDACTED)[^\s"'\\]{1,200})/g,
    keep1
  ),
  R(
    "user-password-flag",
    /((?:^|\s)(?:-u|--user|--proxy-user|-U)(?:\s{1,5}|=)['"]?[^\s:'"]{1,200}:)([^\s'"\\]{1,500})/g,
    (m, p, pw) => /^\d+$/.test(pw) || pw.startsWith("//") || pw.includes("[REDACTED") ? m : `${p}[REDACTED]`
  ),
  R(
    "aws-configure",
    /\b(aws\s{1,5}configure\s{1,5}set\s{1,5}(?:--profile\s{1,5}\S{1,100}\s{1,5})?[\w.]{0,80}(?:secret|token|password|key)[\w.]{0,80}\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,2000}/gi,
    keep1
  ),
  // netrc: `machine h login u password p`, and a `password p` line of its own
  R(
    "netrc",
    /\b((?:machine|default)\s(?:[^\n]{0,300}?\s)?(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}/g,
    keep1
  ),
  R(
    "netrc",
    /\b(login\s{1,5}\S{1,200}\s{1,5}(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}/g,
    keep1
  ),
  R("netrc", /^(\s{0,20}(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}(?=\s*$)/gm, keep1)
];
var NAMED_RULES = [
  { name: "secret-assignment", apply: (t) => replaceNamed(t, ASSIGNMENT, false) },
  { name: "secret-flag", apply: (t) => replaceNamed(t, FLAG, true) }
];
function applyOwnRules(text) {
  let out = text;
  let lower = null;
  for (const { re, to, needs } of OWN_RULES) {
    if (needs.length > 0) {
      const hay = re.flags.includes("i") ? lower ??= text.toLowerCase() : text;
      if (!needs.some((n) => hay.includes(n))) continue;
    }
    out = typeof to === "string" ? out.replace(re, to) : out.replace(re, to);
  }
  for (const r of NAMED_RULES) out = r.apply(out);
  return out;
}

// src/common/secretlint.ts
import { createRequire } from "node:module";
var SKIP = /* @__PURE__ */ new Set(["@secretlint/secretlint-rule-gcp", "@secretlint/secretlint-rule-filter-comments"]);
var NOT_SECRET_PROPS = /* @__PURE__ */ new Set(["typeName", "FILE_NAME", "NAME", "TYPE"]);
var OPTIONS = {};
var PREFILTER = /PRIVATE KEY|x-oauth-basic|_authToken|npm_[A-Za-z0-9_]{30}|:\/\/[^\s/@]{0,256}:[^\s/@]{0,256}@|hooks\.slack\.com|xox|xapp|SG\.|shp(?:pa|ca|at|ss)_|[rs]k_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|glc_|glsa_|T3BlbkFJ|sk-ant-|gsk_|hf_[a-zA-Z]{30}|lin_api_|ntn_|ops_ey|hv[sbr]\.|vc[pirak]_|dapi[a-fA-F0-9]{32}|dckr_pat_|figd_|cf(?:k|ut|at)_|tskey-/;
var PREFILTER_AWS = /secret_?access_?key/i;
function presetMayMatch(text) {
  return PREFILTER.test(text) || PREFILTER_AWS.test(text);
}
function loadPreset() {
  const mod = typeof __require === "function" ? (
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (init_module(), __toCommonJS(module_exports))
  ) : createRequire(import.meta.url)("@secretlint/secretlint-rule-preset-recommend");
  return mod.creator;
}
var handlers = null;
var current = [];
var currentRule = "";
var pendingValues = [];
var context = {
  createTranslator: () => (id, props) => {
    for (const [k, v] of Object.entries(props ?? {})) {
      if (!NOT_SECRET_PROPS.has(k) && typeof v === "string" && v.length >= 8) pendingValues.push(v);
    }
    return id;
  },
  report: (r) => {
    current.push({ rule: currentRule, values: pendingValues, range: r.range ?? null });
    pendingValues = [];
  },
  ignore: () => {
  },
  registerRule: () => {
  }
};
function load() {
  if (handlers) return handlers;
  handlers = [];
  for (const rule of loadPreset().rules) {
    const id = rule.meta.id;
    if (SKIP.has(id)) continue;
    try {
      const h = rule.create(context, OPTIONS[id] ?? {});
      if (typeof h.file === "function") handlers.push({ id, file: h.file.bind(h) });
    } catch {
    }
  }
  return handlers;
}
function secretlintFindings(text) {
  const source = { content: text, contentType: "text", ext: "", filePath: void 0 };
  const found = [];
  for (const h of load()) {
    current = [];
    pendingValues = [];
    currentRule = h.id.replace("@secretlint/secretlint-rule-", "");
    try {
      const r = h.file(source);
      if (r && typeof r.then === "function") r.catch(() => {
      });
    } catch {
    }
    found.push(...current);
  }
  current = [];
  pendingValues = [];
  return found;
}
function secretlintRedact(text) {
  if (!presetMayMatch(text)) return text;
  const findings = secretlintFindings(text);
  if (findings.length === 0) return text;
  const spans = [];
  for (const f of findings) {
    let hit = false;
    for (const v of f.values) {
      if (v.includes("[REDACTED")) continue;
      for (let i = text.indexOf(v); i >= 0; i = text.indexOf(v, i + v.length)) {
        spans.push([i, i + v.length, f.rule]);
        hit = true;
      }
    }
    if (!hit && f.range) {
      const piece = text.slice(f.range[0], f.range[1]);
      if (!piece.includes("[REDACTED")) spans.push([f.range[0], f.range[1], f.rule]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = "";
  let at = 0;
  for (const [s, e, rule] of spans) {
    if (e <= at) continue;
    const from = Math.max(s, at);
    out += text.slice(at, from) + (from === s ? `[REDACTED:${rule}]` : "");
    at = e;
  }
  return out + text.slice(at);
}

// src/common/redact.ts
var PRIVATE_TAG = /<private>[\s\S]*?(<\/private>|$)/gi;
function stripPrivate(text) {
  if (!text.includes("<") || !/<private>/i.test(text)) return text;
  return text.replace(PRIVATE_TAG, "[private]");
}
function redact(text) {
  if (!text) return text;
  return secretlintRedact(applyOwnRules(stripPrivate(text)));
}
function truncate(text, max, marker = "\u2026") {
  if (text.length <= max) return text;
  let end = Math.max(0, max - marker.length);
  const code = text.charCodeAt(end - 1);
  if (code >= 55296 && code <= 56319) end -= 1;
  return text.slice(0, end) + marker;
}

// src/db/db.ts
import { chmodSync, lstatSync as lstatSync3, statSync as statSync2 } from "node:fs";

// src/common/home.ts
import { lstatSync as lstatSync2, readdirSync as readdirSync2, writeFileSync } from "node:fs";
import { join as join2 } from "node:path";
var HOME_MARKER = ".self-generation-home";
var HOME_ENTRIES = [
  "data",
  "logs",
  "run",
  "models",
  "install",
  "templates",
  "cache",
  "orchestrator",
  "config.json",
  "install.json",
  "hooks-mode.json",
  HOME_MARKER
];
var MARKER_TEXT = "This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";
function hasMarker(home) {
  try {
    return lstatSync2(join2(home, HOME_MARKER)).isFile();
  } catch {
    return false;
  }
}
function markHome(home) {
  try {
    if (hasMarker(home)) return;
    if (!readdirSync2(home).every((e) => HOME_ENTRIES.includes(e))) return;
    writeFileSync(join2(home, HOME_MARKER), MARKER_TEXT, { flag: "wx", mode: 384 });
  } catch {
  }
}

// src/common/native.ts
import { createRequire as createRequire2 } from "node:module";
import { join as join3 } from "node:path";
function nativeRequire(from) {
  const local = createRequire2(from);
  let fallback = null;
  return (id) => {
    try {
      return local(id);
    } catch (e) {
      const dir = process.env.SELF_GEN_NATIVE_DIR?.trim();
      if (!dir || e?.code !== "MODULE_NOT_FOUND") throw e;
      fallback ??= createRequire2(join3(dir, "package.json"));
      return fallback(id);
    }
  };
}

// src/db/schema.ts
var MIGRATIONS = [
  // 1: the initial schema
  `
  CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    v INTEGER NOT NULL DEFAULT 1,
    type TEXT NOT NULL,
    ts TEXT NOT NULL,
    session_id TEXT,
    project TEXT,
    project_path TEXT,
    data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data))
  );
  CREATE INDEX IF NOT EXISTS idx_events_type_ts ON events(type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_session ON events(session_id, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_project_path ON events(project_path, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_project ON events(project, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_agent_type
    ON events(json_extract(data, '$.agentType'), ts) WHERE type = 'subagent_stop';

  -- Files an event names (error text, tool input), matched by base name then by path component.
  CREATE TABLE IF NOT EXISTS event_files (
    event_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS idx_event_files_name ON event_files(name, event_id);
  CREATE INDEX IF NOT EXISTS idx_event_files_event ON event_files(event_id);

  -- Full-text index over event text (prompt, error, command, file); rowid = events.id.
  CREATE VIRTUAL TABLE IF NOT EXISTS events_fts USING fts5(
    text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );

  CREATE TABLE IF NOT EXISTS error_kb (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    error_normalized TEXT NOT NULL UNIQUE,
    error_raw TEXT,
    resolution TEXT,
    resolved_by TEXT,
    tool_sequence TEXT,
    use_count INTEGER DEFAULT 0,
    last_used TEXT
  );
  CREATE UNIQUE INDEX IF NOT EXISTS idx_error_kb_error ON error_kb(error_normalized);

  -- Lexical tier of the KB search (BM25), kept in step with error_kb by triggers.
  CREATE VIRTUAL TABLE IF NOT EXISTS error_kb_fts USING fts5(
    error_normalized, error_raw, content = 'error_kb', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER IF NOT EXISTS error_kb_ai AFTER INSERT ON error_kb BEGIN
    INSERT INTO error_kb_fts(rowid, error_normalized, error_raw)
    VALUES (new.id, new.error_normalized, coalesce(new.error_raw, ''));
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_ad AFTER DELETE ON error_kb BEGIN
    INSERT INTO error_kb_fts(error_kb_fts, rowid, error_normalized, error_raw)
    VALUES ('delete', old.id, old.error_normalized, coalesce(old.error_raw, ''));
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_au AFTER UPDATE OF error_normalized, error_raw ON error_kb BEGIN
    INSERT INTO error_kb_fts(error_kb_fts, rowid, error_normalized, error_raw)
    VALUES ('delete', old.id, old.error_normalized, coalesce(old.error_raw, ''));
    INSERT INTO error_kb_fts(rowid, error_normalized, error_raw)
    VALUES (new.id, new.error_normalized, coalesce(new.error_raw, ''));
  END;

  CREATE TABLE IF NOT EXISTS analysis_cache (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    project TEXT,
    days INTEGER NOT NULL,
    input_hash TEXT NOT NULL,
    analysis TEXT NOT NULL CHECK (json_valid(analysis))
  );
  CREATE UNIQUE INDEX IF NOT EXISTS idx_analysis_cache_key
    ON analysis_cache(ifnull(project, ''), days, input_hash);
  CREATE INDEX IF NOT EXISTS idx_analysis_cache_project_ts ON analysis_cache(project, ts);

  CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    suggestion_id TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('accepted', 'dismissed')),
    project TEXT,
    type TEXT,
    text TEXT
  );
  CREATE INDEX IF NOT EXISTS idx_feedback_suggestion ON feedback(suggestion_id);

  -- Small key/value state (last analysis, last prune, \u2026).
  CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT);
  `,
  // 2: the KB prefix tier (LIKE 'first 30 chars%', ASCII case-insensitive) served by an index on
  // lower(error_normalized) instead of a scan of every entry.
  `
  CREATE INDEX IF NOT EXISTS idx_error_kb_lower ON error_kb(lower(error_normalized));
  `,
  // 3: candidate fixes per error (error-kb/candidates.ts): how each was proven, how often confirmed, in
  // which projects; error_kb.resolution shows the best one. Real lookups answered, per entry.
  // Resolutions recorded before this version become 'legacy' candidates (unknown proof and
  // project: never advised until confirmed again or kept with `kb edit`).
  `
  CREATE TABLE IF NOT EXISTS error_kb_fixes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kb_id INTEGER NOT NULL,
    fix_key TEXT NOT NULL,
    resolution TEXT NOT NULL,
    resolved_by TEXT,
    tool_sequence TEXT,
    proof TEXT NOT NULL,
    strength INTEGER NOT NULL,
    confirmations INTEGER NOT NULL DEFAULT 1,
    first_ts TEXT NOT NULL,
    last_ts TEXT NOT NULL,
    UNIQUE (kb_id, fix_key)
  );
  CREATE TABLE IF NOT EXISTS error_kb_fix_projects (
    fix_id INTEGER NOT NULL,
    project_path TEXT NOT NULL,
    confirmations INTEGER NOT NULL DEFAULT 1,
    last_ts TEXT NOT NULL,
    PRIMARY KEY (fix_id, project_path)
  );
  CREATE TABLE IF NOT EXISTS error_kb_lookups (
    kb_id INTEGER PRIMARY KEY,
    answered INTEGER NOT NULL DEFAULT 0,
    last_ts TEXT
  );
  INSERT OR IGNORE INTO error_kb_fixes
    (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
    SELECT id, 'legacy', resolution, resolved_by, tool_sequence, 'legacy', 0, 1, ts, ts
    FROM error_kb WHERE resolution IS NOT NULL;
  CREATE TRIGGER IF NOT EXISTS error_kb_fixes_cascade AFTER DELETE ON error_kb BEGIN
    DELETE FROM error_kb_fixes WHERE kb_id = old.id;
    DELETE FROM error_kb_lookups WHERE kb_id = old.id;
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_fix_projects_cascade AFTER DELETE ON error_kb_fixes BEGIN
    DELETE FROM error_kb_fix_projects WHERE fix_id = old.id;
  END;
  `,
  // branch matcher: the signature of an entry's error (its two or three most error-like lines,
  // error-kb/normalize.ts errorSignature), shown with advice and compared by the matcher
  `
  ALTER TABLE error_kb ADD COLUMN error_lines TEXT;
  `
];
var SCHEMA_VERSION = MIGRATIONS.length;
var VEC_TABLE_SQL = `CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;

// src/db/db.ts
var requireCjs = nativeRequire(import.meta.url);
var sqliteCtor = null;
function Database(...args) {
  sqliteCtor ??= requireCjs("better-sqlite3");
  return new sqliteCtor(...args);
}
var CORRUPT_CODES = /* @__PURE__ */ new Set([
  "SQLITE_CORRUPT",
  "SQLITE_NOTADB",
  "SQLITE_CORRUPT_VTAB",
  "SQLITE_CORRUPT_INDEX"
]);
function isCorruptError(e) {
  const code = e?.code;
  return typeof code === "string" && (CORRUPT_CODES.has(code) || code.startsWith("SQLITE_CORRUPT"));
}
function ensureDirs(p) {
  ensureHomeDir(p.home, p.dataDir, 448);
  markHome(p.home);
}
function migrate(db) {
  const version2 = db.pragma("user_version", { simple: true });
  if (version2 >= SCHEMA_VERSION) return;
  const run = db.transaction(() => {
    const current2 = db.pragma("user_version", { simple: true });
    for (let v = current2; v < SCHEMA_VERSION; v++) {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    }
  });
  run.immediate();
}
var DamagedDbError = class extends Error {
  code = "SQLITE_CORRUPT";
  fix = "run `self-gen repair` (or just wait: the background check after the next session moves it aside)";
};
function inspectDbFile(file) {
  let st;
  try {
    st = lstatSync3(file);
  } catch {
    return "absent";
  }
  if (!st.isFile()) return "not-regular";
  if (st.size > 0) return "present";
  try {
    if (lstatSync3(file + "-wal").size > 0) return "present";
  } catch {
  }
  return "empty";
}
function openFile(file, busyTimeoutMs, mustExist = false) {
  const state = inspectDbFile(file);
  if (state === "absent" && mustExist)
    throw Object.assign(new Error(`no database at ${file}`), { code: "ENOENT" });
  if (state === "empty") throw new DamagedDbError(`${file} is empty (0 bytes): its history was lost`);
  if (state === "not-regular") throw new DamagedDbError(`${file} is not a regular file`);
  const db = Database(file, { fileMustExist: mustExist, timeout: busyTimeoutMs });
  try {
    if (state === "absent") chmodSync(file, 384);
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const mode = db.pragma("journal_mode", { simple: true });
    if (mode !== "wal") db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}
function openDb(opts = {}) {
  const p = paths(opts.env);
  if (!opts.mustExist) ensureDirs(p);
  return openFile(p.db, opts.busyTimeoutMs ?? 2e3, opts.mustExist ?? false);
}
var cached = null;
function closeDb() {
  if (cached?.db.open) cached.db.close();
  cached = null;
}
var vecLoaded = /* @__PURE__ */ new WeakSet();
var vecExtLoaded = /* @__PURE__ */ new WeakSet();
var vecProblems = /* @__PURE__ */ new WeakMap();
async function ensureVec(db) {
  if (vecLoaded.has(db)) return true;
  try {
    if (!vecExtLoaded.has(db)) {
      const vec = requireCjs("sqlite-vec");
      vec.load(db);
      vecExtLoaded.add(db);
    }
  } catch (e) {
    vecProblems.set(db, { stage: "load", message: String(e?.message ?? e) });
    return false;
  }
  try {
    db.exec(VEC_TABLE_SQL);
  } catch (e) {
    const code = e.code;
    vecProblems.set(db, { stage: "table", code, message: String(e?.message ?? e) });
    return false;
  }
  vecProblems.delete(db);
  vecLoaded.add(db);
  return true;
}

// src/common/fts.ts
function ftsQuery(text, opts = {}) {
  const words2 = (text.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, opts.max ?? 16);
  if (words2.length === 0) return "";
  const list = words2.map((w) => `"${w}"`).join(opts.op === "OR" ? " OR " : " ");
  return opts.column ? `${opts.column} : (${list})` : list;
}

// src/db/events.ts
var MAX_DATA_BYTES = 64 * 1024;
var stmtCache = /* @__PURE__ */ new WeakMap();
function stmt(db, sql) {
  let m = stmtCache.get(db);
  if (!m) stmtCache.set(db, m = /* @__PURE__ */ new Map());
  let s = m.get(sql);
  if (!s) m.set(sql, s = db.prepare(sql));
  return s;
}

// src/error-kb/db.ts
var inList = (ids) => ids.map(() => "?").join(",");
function exactEntry(db, normalized) {
  return stmt(
    db,
    `SELECT * FROM error_kb WHERE error_normalized = ? AND resolution IS NOT NULL ORDER BY use_count DESC, ts DESC LIMIT 1`
  ).get(normalized) ?? null;
}
function prefixEntries(db, low, high, likePattern) {
  return stmt(
    db,
    `SELECT * FROM error_kb
  WHERE lower(error_normalized) >= ? AND lower(error_normalized) < ?
    AND error_normalized LIKE ? ESCAPE '\\' AND resolution IS NOT NULL
  ORDER BY use_count DESC, ts DESC LIMIT 10`
  ).all(low, high, likePattern);
}
function resolvedEntries(db, ids) {
  if (ids.length === 0) return [];
  return db.prepare(`SELECT * FROM error_kb WHERE id IN (${inList(ids)}) AND resolution IS NOT NULL`).all(...ids);
}
function ftsCandidates(db, match, limit) {
  return db.prepare(
    `SELECT e.*, bm25(error_kb_fts) AS bm25 FROM error_kb_fts f JOIN error_kb e ON e.id = f.rowid
       WHERE error_kb_fts MATCH ? AND e.resolution IS NOT NULL ORDER BY rank LIMIT ${Math.max(1, Math.floor(limit))}`
  ).all(match);
}
function bumpUse(db, id, now = /* @__PURE__ */ new Date()) {
  db.prepare("UPDATE error_kb SET use_count = use_count + 1, last_used = ? WHERE id = ?").run(
    now.toISOString(),
    id
  );
}
function upsertEntry(db, e) {
  const row = db.prepare(
    `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count, error_lines)
VALUES (?, ?, ?, ?, ?, ?, 1, ?)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  error_lines = coalesce(error_lines, excluded.error_lines),
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1
RETURNING id`
  ).get(e.ts, e.key, e.errorRaw, e.resolution, e.resolvedBy, e.toolSequence, e.errorLines ?? null);
  return row?.id ?? null;
}
function upsertFix(db, kbId, c, now) {
  const row = db.prepare(
    `INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         confirmations = confirmations + 1,
         last_ts = excluded.last_ts,
         resolution = CASE WHEN ? THEN excluded.resolution ELSE resolution END,
         resolved_by = CASE WHEN ? THEN excluded.resolved_by ELSE resolved_by END,
         tool_sequence = CASE WHEN ? THEN excluded.tool_sequence ELSE tool_sequence END
       RETURNING id`
  ).get(
    kbId,
    c.fixKey,
    c.resolution,
    c.resolvedBy,
    c.toolSequence,
    c.proof,
    c.strength,
    now,
    now,
    c.replaceText ? 1 : 0,
    c.replaceText ? 1 : 0,
    c.replaceText ? 1 : 0
  );
  return row.id;
}
function vecTableExists(db) {
  return !!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vec_error_kb_rowids'`).get();
}
function anyEmbedding(db) {
  return db.prepare("SELECT EXISTS(SELECT 1 FROM vec_error_kb_rowids) AS n").get().n === 1;
}
function embeddedAmong(db, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Set();
  const rows = db.prepare(`SELECT rowid AS id FROM vec_error_kb_rowids WHERE rowid IN (${inList(ids)})`).all(...ids);
  return new Set(rows.map((r) => r.id));
}
function nearestEmbeddings(db, blob, k) {
  return db.prepare(
    "SELECT error_kb_id AS id, distance FROM vec_error_kb WHERE embedding MATCH ? AND k = ? ORDER BY distance"
  ).all(blob, k);
}
function replaceEmbedding(db, id, blob) {
  db.prepare("DELETE FROM vec_error_kb WHERE error_kb_id = ?").run(BigInt(id));
  db.prepare("INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)").run(BigInt(id), blob);
}
function deleteOrphanEmbeddings(db) {
  db.prepare("DELETE FROM vec_error_kb WHERE error_kb_id NOT IN (SELECT id FROM error_kb)").run();
}
var PENDING = "SELECT id, error_normalized FROM error_kb WHERE id NOT IN (SELECT error_kb_id FROM vec_error_kb) ORDER BY id";
function unembeddedEntries(db) {
  return db.prepare(PENDING).all();
}
function unembeddedCount(db) {
  return db.prepare(`SELECT count(*) AS n FROM (${PENDING})`).get().n;
}

// src/error-kb/error-key.ts
var RAW_MAX = 2e4;
function errorKey(rawError) {
  if (typeof rawError !== "string" || !rawError) return { raw: "", message: "", normalized: "", signature: [] };
  try {
    const raw = redact(truncate(rawError, RAW_MAX, ""));
    const message = extractErrorMessage(raw);
    return { raw, message, normalized: normalizeError(message), signature: errorSignature(raw) };
  } catch {
    return { raw: "", message: "", normalized: "", signature: [] };
  }
}
function storedSignature(rawError) {
  const lines = errorKey(rawError).signature;
  return lines.length ? lines.map((l) => l.slice(0, 500)).join("\n") : null;
}

// src/db/recovery-log.ts
import { lstatSync as lstatSync4, openSync as openSync2, closeSync as closeSync2, readFileSync, unlinkSync as unlinkSync2, writeSync as writeSync2 } from "node:fs";
import { dirname as dirname2, join as join4 } from "node:path";
var needsCheckFile = (p) => join4(p.dataDir, "needs-check");
var FLAG_RENEW_MS = 60 * 60 * 1e3;
function markNeedsCheck(p, reason, now = Date.now()) {
  const file = needsCheckFile(p);
  try {
    const st = lstatSync4(file);
    if (now - st.mtimeMs < FLAG_RENEW_MS) return false;
    unlinkSync2(file);
  } catch {
  }
  try {
    const fd = openSync2(file, "wx", 384);
    try {
      writeSync2(fd, JSON.stringify({ ts: new Date(now).toISOString(), reason: reason.slice(0, 300) }));
    } finally {
      closeSync2(fd);
    }
    return true;
  } catch {
    return false;
  }
}
function flagIfDamaged(db, err) {
  if (!db || !isCorruptError(err) || !db.name || db.name === ":memory:") return;
  try {
    markNeedsCheck({ dataDir: dirname2(db.name) }, String(err?.message ?? err));
  } catch {
  }
}
var MAX_LOG_BYTES = 1024 * 1024;

// src/error-kb/safety.ts
var SHELLS = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k|fi)?sh|python[\d.]*|node|perl|ruby|iex|invoke-expression|pwsh|powershell`;
var FETCH = String.raw`(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)`;
var PATTERNS = [
  [
    "download-exec",
    new RegExp(String.raw`\b${FETCH}\b[^\n]*\|\s*(?:${SHELLS})\b`, "i"),
    "downloads and runs a script"
  ],
  [
    "download-exec",
    new RegExp(String.raw`(?:${SHELLS}|source|\.)\s+<\(\s*${FETCH}\b`, "i"),
    "downloads and runs a script"
  ],
  [
    "download-exec",
    new RegExp(String.raw`(?:${SHELLS})\s+-c\s+["']?\$\(\s*${FETCH}\b`, "i"),
    "downloads and runs a script"
  ],
  [
    "download-exec",
    new RegExp(String.raw`\b(?:iex|invoke-expression)\b[^\n]*\b${FETCH}\b`, "i"),
    "downloads and runs a script"
  ],
  ["download-exec", /\beval\s+["']?\$\(\s*(?:curl|wget)\b/i, "downloads and runs a script"],
  ["destroys-data", /\bgit\s+reset\s+(?:\S+\s+)*--hard\b/i, "discards uncommitted work (git reset --hard)"],
  ["destroys-data", /\bgit\s+clean\s+(?:\S+\s+)*-[a-z]*[dx][a-z]*\b/i, "deletes untracked files (git clean)"],
  ["destroys-data", /\bgit\s+(?:checkout|restore)\s+(?:--\s+)?\.(?:\s|$)/i, "discards uncommitted work"],
  ["destroys-data", /\b(?:drop\s+(?:table|database|schema)|truncate\s+table)\b/i, "drops data (SQL)"],
  ["destroys-data", /\bmkfs(?:\.\w+)?\b/i, "formats a file system"],
  ["destroys-data", /\bdd\b[^\n]*\bof=/i, "writes raw blocks (dd of=)"],
  ["destroys-data", />\s*\/dev\/(?:sd|nvme|hd|disk)/i, "writes to a raw disk"],
  ["destroys-data", /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, "fork bomb"],
  [
    "force-push",
    /\bgit\s+push\b[^\n]*(?:\s-[a-z]*f[a-z]*\b|--force\b|--force-with-lease\b|\s\+\S+)/i,
    "force-pushes"
  ],
  ["disables-safety", /--no-verify\b/i, "skips hooks and checks (--no-verify)"],
  [
    "disables-safety",
    /\bchmod\s+(?:-\S+\s+)*(?:0?777|a\+rwx|ugo\+rwx)\b/i,
    "makes files writable by everyone (chmod 777)"
  ],
  [
    "disables-safety",
    /\bstrict-ssl\s*(?:=|\s)\s*false\b|\bsslverify\s*(?:=|\s)\s*false\b/i,
    "turns off TLS checks"
  ],
  [
    "disables-safety",
    /\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0|\bPYTHONHTTPSVERIFY\s*=\s*["']?0/i,
    "turns off TLS checks"
  ],
  ["disables-safety", /\bsetenforce\s+0\b|\bufw\s+disable\b/i, "turns off a security layer"]
];

// src/error-kb/candidates.ts
var PROOF_STRENGTH = {
  manual: 3,
  "same-command": 2,
  "same-file": 2,
  "tool-usage": 2,
  legacy: 0
};
function upsertCandidate(db, kbId, c, now) {
  return upsertFix(db, kbId, { ...c, strength: PROOF_STRENGTH[c.proof] }, now);
}
function recordManualFix(db, kbId, resolution, resolvedBy, toolSequence, now = /* @__PURE__ */ new Date()) {
  upsertCandidate(
    db,
    kbId,
    { fixKey: "manual", resolution, resolvedBy, toolSequence, proof: "manual", replaceText: true },
    now.toISOString()
  );
}

// src/error-kb/record.ts
function resolutionText(info) {
  if (typeof info.resolution === "string" && info.resolution.trim())
    return truncate(redact(info.resolution.trim()), 1e3);
  if (!info.resolvedBy && !info.toolSequence?.length) return null;
  return JSON.stringify({
    ...info.resolvedBy ? { resolvedBy: info.resolvedBy } : {},
    ...info.toolSequence?.length ? { toolSequence: info.toolSequence.slice(0, 50) } : {}
  });
}
function recordResolution(db, normalizedError, info = {}, now = /* @__PURE__ */ new Date()) {
  try {
    if (!db || typeof normalizedError !== "string" || !normalizedError.trim()) return null;
    const key = truncate(redact(normalizedError.trim()), 400, "");
    const resolution = resolutionText(info);
    const resolvedBy = info.resolvedBy ? truncate(redact(String(info.resolvedBy)), 200) : null;
    const toolSequence = Array.isArray(info.toolSequence) ? JSON.stringify(info.toolSequence.slice(0, 50).map((t) => redact(String(t)))) : null;
    return db.transaction(() => {
      const id = upsertEntry(db, {
        ts: now.toISOString(),
        key,
        errorRaw: typeof info.errorRaw === "string" ? truncate(redact(info.errorRaw), 2e3) : null,
        errorLines: storedSignature(info.errorRaw),
        resolution,
        resolvedBy,
        toolSequence
      });
      if (id !== null && resolution) recordManualFix(db, id, resolution, resolvedBy, toolSequence, now);
      return id;
    }).immediate();
  } catch (e) {
    flagIfDamaged(db, e);
    return null;
  }
}
function describeResolution(entry) {
  const r = entry.resolution?.trim();
  if (!r) return "";
  if (r.startsWith("{")) {
    try {
      const j = JSON.parse(r);
      if (j.description) return j.description;
      const seq = Array.isArray(j.toolSequence) && j.toolSequence.length ? j.toolSequence.join(" \u2192 ") : "";
      return [j.resolvedBy ? `resolved with ${j.resolvedBy}` : "", seq ? `(${seq})` : ""].filter(Boolean).join(" ");
    } catch {
    }
  }
  return r;
}

// ../../main/node_modules/zod/v4/core/util.js
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v === "number");
  const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached2(getter) {
  return new Cached(getter);
}
function cleanRegex(source) {
  const start = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
function isPlainObject(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path2, issues) {
  return issues.map((iss) => {
    var _a2;
    (_a2 = iss).path ?? (_a2.path = []);
    iss.path.unshift(path2);
    return iss;
  });
}
function unwrapMessage(message) {
  return typeof message === "string" ? message : message?.message;
}
function attachSchema(issues, start, inst) {
  var _a2;
  for (let i = start; i < issues.length; i++) {
    (_a2 = issues[i]).schema ?? (_a2.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a2;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a2 = iss).schema ?? (_a2.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function issue(...args) {
  const [iss, input, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input,
      inst
    };
  }
  return { ...iss };
}
function members(proto, table) {
  for (const key in table) {
    const desc = Object.getOwnPropertyDescriptor(table, key);
    if (desc.get)
      Object.defineProperty(proto, key, { ...desc, enumerable: false });
    else
      defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = true) {
  Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key, value) {
  return own(inst, key, value, false);
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      Object.defineProperty(this, key, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key];
        else
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err) {
        delete this[key];
        broke = broke || outer;
        throw err;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  if (!proto)
    return;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key, desc);
      desc.value = make(this);
      Object.defineProperty(this, key, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
    }
  });
}

// ../../main/node_modules/zod/v4/core/core.js
var _a;
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer2, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer2(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// ../../main/node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});

// ../../main/node_modules/zod/v4/core/parse.js
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var parse = /* @__PURE__ */ _parse($ZodRealError);
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var parseAsync = /* @__PURE__ */ _parseAsync($ZodRealError);
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var safeParse = /* @__PURE__ */ _safeParse($ZodRealError);
function failure(Err, issues, ctx) {
  let error;
  return {
    success: false,
    get error() {
      if (!error) {
        error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error;
    },
    set error(e) {
      error = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var safeParseAsync = /* @__PURE__ */ _safeParseAsync($ZodRealError);

// ../../main/node_modules/zod/v4/core/regexes.js
var anyString = /^[\s\S]{0,}$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean = /^(?:true|false)$/i;

// ../../main/node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a2;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a2 = inst._zod).onattach ?? (_a2.onattach = []);
});
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        if (input > 0) {
          payload.issues.push({
            input,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input < minimum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input > maximum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});

// ../../main/node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// ../../main/node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a2;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a2 = inst._zod).deferred ?? (_a2.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
      return payload;
    }
    const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
function handlePropertyResult(result, final, key, input, optin, optout) {
  const isPresent = key in input;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key] = void 0;
    }
  } else {
    final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      if (t === "never")
        unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input[key], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key, input, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached2(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key in shape) {
      const field = shape[key]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
          assignProp(propValues, key, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key].add(v);
        if (field.optin !== void 0)
          propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  const isObject2 = isObject;
  const catchall = def.catchall;
  let value;
  const memo = globalConfig.memoizer;
  memo?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      const el = shape[key];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input[key], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key, input, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (valuesSet.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    });
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input = payload.value;
    const r = def.fn(input);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    }
    handleRefineResult(r, payload, input, inst);
    return;
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// ../../main/node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
  return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
  return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
  return new Class({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
  return new Class({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
  const schema = new Class({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}

// ../../main/node_modules/zod/v4/mini/schemas.js
var ZodMiniType = /* @__PURE__ */ $constructor("ZodMiniType", (inst, def) => {
  if (!inst._zod)
    throw new Error("Uninitialized schema in ZodMiniType.");
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
}, {
  // `with` is an alias for `check`: the same function object, not a wrapper.
  get with() {
    return this.check;
  },
  set with(value) {
    own(this, "with", value);
  },
  parse(data, params) {
    return parse(this, data, params, { callee: this.parse });
  },
  parseAsync(data, params) {
    return parseAsync(this, data, params, { callee: this.parseAsync });
  },
  safeParse(data, params) {
    return safeParse(this, data, params);
  },
  safeParseAsync(data, params) {
    return safeParseAsync(this, data, params);
  },
  check(...checks) {
    const def = this.def;
    return this.clone({
      ...def,
      checks: [
        ...def.checks ?? [],
        ...checks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }, { parent: true });
  },
  clone(_def, params) {
    return clone(this, _def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    reg.add(this, meta2);
    return this;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  }
});
var ZodMiniString = /* @__PURE__ */ $constructor("ZodMiniString", (inst, def) => {
  $ZodString.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function string2(params) {
  return _string(ZodMiniString, params);
}
var ZodMiniNumber = /* @__PURE__ */ $constructor("ZodMiniNumber", (inst, def) => {
  $ZodNumber.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function number2(params) {
  return _number(ZodMiniNumber, params);
}
var ZodMiniNumberFormat = /* @__PURE__ */ $constructor("ZodMiniNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodMiniNumber.init(inst, def);
});
function int(params) {
  return _int(ZodMiniNumberFormat, params);
}
var ZodMiniBoolean = /* @__PURE__ */ $constructor("ZodMiniBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function boolean2(params) {
  return _boolean(ZodMiniBoolean, params);
}
var ZodMiniObject = /* @__PURE__ */ $constructor("ZodMiniObject", (inst, def) => {
  $ZodObject.init(inst, def);
  ZodMiniType.init(inst, def);
  installLazyProp(inst, "shape", (self2) => self2._zod.def.shape, false);
});
// @__NO_SIDE_EFFECTS__
function object(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...normalizeParams(params)
  };
  return new ZodMiniObject(def);
}
var ZodMiniEnum = /* @__PURE__ */ $constructor("ZodMiniEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodMiniType.init(inst, def);
  inst.options = [...inst._zod.values];
});
// @__NO_SIDE_EFFECTS__
function _enum(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodMiniEnum({
    type: "enum",
    entries,
    ...normalizeParams(params)
  });
}
var ZodMiniOptional = /* @__PURE__ */ $constructor("ZodMiniOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function optional(innerType) {
  return new ZodMiniOptional({
    type: "optional",
    innerType
  });
}
var ZodMiniDefault = /* @__PURE__ */ $constructor("ZodMiniDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function _default(innerType, defaultValue) {
  return new ZodMiniDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
    }
  });
}
var ZodMiniCustom = /* @__PURE__ */ $constructor("ZodMiniCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function refine(fn, _params = {}) {
  return _refine(ZodMiniCustom, fn, _params);
}

// src/common/config.ts
import { lstatSync as lstatSync5 } from "node:fs";
var Locale = _enum(["ko", "en"]);
var l2Distance = () => number2({ error: (iss) => `must be an L2 distance between 0 and 2, got ${JSON.stringify(iss.input)}` }).check(
  _gt(0, { error: (iss) => `must be greater than 0, got ${JSON.stringify(iss.input)}` }),
  _lte(2, {
    error: (iss) => `must be at most 2 (L2 between unit vectors), got ${JSON.stringify(iss.input)}`
  })
);
var VecThresholdsConfig = object({
  accept: _default(l2Distance(), 0.76),
  reject: _default(l2Distance(), 0.85)
}).check(
  refine((t) => t.accept <= t.reject, {
    error: (iss) => {
      const t = iss.input;
      return `accept (${t.accept}) must not be greater than reject (${t.reject})`;
    }
  })
);
var EmbeddingConfig = object({
  model: _default(string2(), "Xenova/paraphrase-multilingual-MiniLM-L12-v2"),
  dtype: _default(string2(), "q8"),
  /** A local folder that holds the model (offline machines). */
  modelPath: optional(string2()),
  /** How long a hook waits for the embedding daemon before using the text tiers. */
  daemonTimeoutMs: _default(number2().check(int(), _gte(1), _lte(2e3)), 60),
  /** The daemon exits after this many idle minutes. */
  daemonIdleMinutes: _default(number2().check(_gte(0.05), _lte(1440)), 15),
  /** Vector-tier thresholds (L2 on unit vectors, the seed's metric). */
  thresholds: _default(VecThresholdsConfig, { accept: 0.76, reject: 0.85 })
});
var CoreConfig = object({
  enabled: _default(boolean2(), true),
  collectPromptText: _default(boolean2(), true),
  retentionDays: _default(number2().check(int(), _gte(1), _lte(3650)), 90),
  /** The background pruner keeps the database under this size (MiB). */
  maxDbMb: _default(number2().check(_gte(16)), 1024),
  locale: _default(Locale, "ko"),
  /** SQLite busy timeout for hooks; a write still blocked after it is queued on disk. */
  busyTimeoutMs: _default(number2().check(int(), _gte(1), _lte(3e4)), 2e3),
  embedding: _default(EmbeddingConfig, EmbeddingConfig.parse({}))
});
function dropPath(obj, path2) {
  let cur = obj;
  for (let i = 0; i < path2.length - 1; i++) {
    if (cur === null || typeof cur !== "object") return false;
    cur = cur[path2[i]];
  }
  if (cur === null || typeof cur !== "object" || path2.length === 0) return false;
  return delete cur[path2[path2.length - 1]];
}
function parseLenient(schema, input, where, problems) {
  const value = input === void 0 ? {} : structuredClone(input);
  for (let attempt = 0; attempt < 20; attempt++) {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    let dropped = false;
    for (const issue2 of r.error.issues) {
      const at = issue2.path.map(String).join(".");
      problems.push(`${where}${at ? "." + at : ""}: ${issue2.message} (default used)`);
      if (issue2.path.length > 0 && value && typeof value === "object") {
        dropped = dropPath(value, issue2.path) || dropped;
      }
    }
    if (!dropped) break;
  }
  return schema.parse({});
}
var lastParsed = null;
function loadConfig(env = process.env) {
  const file = paths(env).config;
  const problems = [];
  let text = null;
  let cacheable = false;
  try {
    lstatSync5(file);
    const r = readRegular(file, { maxBytes: 1024 * 1024 });
    if (!r) problems.push(`${file}: not a regular file or cannot be read (defaults used)`);
    else if (r.truncated) problems.push(`${file}: larger than 1 MiB (defaults used)`);
    else {
      text = r.data.toString("utf8");
      cacheable = true;
    }
  } catch (e) {
    const code = e.code;
    if (code !== "ENOENT") problems.push(`${file}: cannot be read (${code ?? String(e)})`);
    else cacheable = true;
  }
  const key = cacheable ? `${file}\0${env.SELF_GEN_BUSY_TIMEOUT_MS ?? ""}\0${text ?? "\0absent"}` : null;
  if (key !== null && lastParsed?.key === key) return structuredClone(lastParsed.value);
  const value = parseConfig(file, text, problems, env);
  lastParsed = key !== null ? { key, value: structuredClone(value) } : null;
  return value;
}
function parseConfig(file, text, problems, env) {
  let raw = {};
  if (text !== null && text.trim()) {
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        raw = parsed;
      else problems.push(`${file}: must hold a JSON object (defaults used)`);
    } catch (e) {
      problems.push(`${file}: invalid JSON (${e.message}); defaults used`);
    }
  }
  const core = parseLenient(CoreConfig, raw, "config", problems);
  const busy = Number(env.SELF_GEN_BUSY_TIMEOUT_MS);
  if (Number.isInteger(busy) && busy > 0) core.busyTimeoutMs = busy;
  return { ...core, raw, problems, path: file };
}

// src/embed/client.ts
import { existsSync as existsSync2 } from "node:fs";
import { createConnection } from "node:net";

// src/embed/model.ts
import { existsSync, statSync as statSync3 } from "node:fs";
import { isAbsolute as isAbsolute2, join as join5, resolve as resolve2 } from "node:path";
var EMBED_DIMS = 384;
var DEFAULT_MODEL = "Xenova/paraphrase-multilingual-MiniLM-L12-v2";
var DTYPE_SUFFIX = {
  fp32: "",
  auto: "",
  fp16: "_fp16",
  q8: "_quantized",
  int8: "_int8",
  uint8: "_uint8",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4"
};
function onnxFileFor(dtype) {
  return `onnx/model${DTYPE_SUFFIX[dtype] ?? "_quantized"}.onnx`;
}
function modelLocation(config2, env = process.env) {
  const e = config2.embedding;
  const modelsDir = paths(env).modelsDir;
  const dtype = e.dtype || "q8";
  const required2 = ["config.json", "tokenizer.json", onnxFileFor(dtype)];
  if (e.modelPath && e.modelPath.trim()) {
    const dir = isAbsolute2(e.modelPath) ? e.modelPath : resolve2(e.modelPath);
    return { id: dir, dir, localModelPath: modelsDir, dtype, required: required2, fromModelPath: true };
  }
  const model = e.model || DEFAULT_MODEL;
  return {
    id: model,
    dir: join5(modelsDir, model),
    localModelPath: modelsDir,
    dtype,
    required: required2,
    fromModelPath: false
  };
}
function modelStatus(config2, env = process.env) {
  const location = modelLocation(config2, env);
  const missing = [];
  let bytes = 0;
  for (const f of location.required) {
    try {
      const st = statSync3(join5(location.dir, f));
      if (!st.isFile() || st.size === 0) missing.push(f);
      else bytes += st.size;
    } catch {
      missing.push(f);
    }
  }
  return { present: missing.length === 0, location, missing, bytes };
}

// src/embed/embedder.ts
function validVector(v, dims) {
  if (!(v instanceof Float32Array) || v.length !== dims) return false;
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}
function fromBase64(s) {
  try {
    const buf = Buffer.from(s, "base64");
    if (buf.byteLength === 0 || buf.byteLength % 4 !== 0) return null;
    const out = new Float32Array(buf.byteLength / 4);
    new Uint8Array(out.buffer).set(buf);
    return out;
  } catch {
    return null;
  }
}

// src/common/sockets.ts
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join as join6 } from "node:path";
var MAX_SOCKET_PATH = 100;
function runSocketPath(env, name) {
  const p = paths(env);
  const socket = join6(p.runDir, `${name}.sock`);
  if (Buffer.byteLength(socket) <= MAX_SOCKET_PATH) return socket;
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const h = createHash("sha256").update(p.home).digest("hex").slice(0, 16);
  return join6(tmpdir(), `self-gen-${uid}-${h}${name === "embed" ? "" : `-${name}`}.sock`);
}
function daemonPaths(env = process.env) {
  const p = paths(env);
  return {
    socket: runSocketPath(env, "embed"),
    lock: join6(p.runDir, "embed-daemon.lock"),
    info: join6(p.runDir, "embed-daemon.json"),
    log: join6(p.logsDir, "daemon.log")
  };
}

// src/embed/client.ts
function daemonRequest(req, opts) {
  return new Promise((resolve3) => {
    let done = false;
    let buf = "";
    const socketPath = opts.socket ?? daemonPaths(opts.env).socket;
    if (!existsSync2(socketPath)) return resolve3(null);
    const finish = (v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve3(v);
    };
    const timer = setTimeout(() => finish(null), Math.max(1, opts.timeoutMs));
    const sock = createConnection(socketPath);
    sock.setEncoding("utf8");
    sock.on("error", () => finish(null));
    sock.on("close", () => finish(null));
    sock.on("connect", () => {
      sock.write(JSON.stringify(req) + "\n");
    });
    sock.on("data", (chunk) => {
      buf += chunk;
      if (buf.length > 64 * 1024 * 1024) return finish(null);
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      try {
        finish(JSON.parse(buf.slice(0, nl)));
      } catch {
        finish(null);
      }
    });
  });
}
async function embedViaDaemon(texts, opts = {}) {
  try {
    if (texts.length === 0) return [];
    const r = await daemonRequest(
      { op: "embed", texts },
      { timeoutMs: opts.timeoutMs ?? 60, env: opts.env }
    );
    if (!r || !r.ok || !Array.isArray(r.vectors) || r.vectors.length !== texts.length) return null;
    return r.vectors.map((s) => {
      const v = typeof s === "string" ? fromBase64(s) : null;
      return validVector(v, EMBED_DIMS) ? v : null;
    });
  } catch {
    return null;
  }
}
function daemonEmbedder(opts) {
  return {
    name: "daemon",
    async embed(texts) {
      const r = await embedViaDaemon(texts, opts);
      return r ?? texts.map(() => null);
    }
  };
}

// src/error-kb/keywords.ts
var PLACEHOLDER_RE = /<(?:STR|PATH|N)>/g;
var WORD_RE = /[\p{L}\p{N}]+/gu;
var STOP = new Set(
  "the and for with from this that these those are was were been being has have had but its into onto than then there their you your our any all via per also use using".split(
    " "
  )
);
var isStopWord = (w) => STOP.has(w);
var GENERIC = new Set(
  `error errors err fail failed failure fatal warning warn cannot can could not found find file files directory dir
  invalid unexpected unable exception line lines column code exit status command run running process
  value type types name named object undefined null none true false did does doesn must may might should would
  will expected got received while when which what where how because due some one two more most other such
  only been use used new old get set see try tried please check make sure same given no yes of to in on at by
  is be it an as or if so do up out off over under after before again
  project default goal execute org com plugin plugins apache maven exist exists mean syscall permission denied`.split(
    /\s+/
  )
);
var TOOLS = new Set(
  "npm npx yarn pnpm node deno bun python python3 pip pip3 pytest cargo rustc git docker bash zsh sh go java javac mvn gradle make cmake gcc clang tsc vite jest vitest eslint sudo apt brew curl wget ssh psql mysql redis kubectl".split(
    " "
  )
);
function keywords(text) {
  const out = /* @__PURE__ */ new Set();
  for (const m of text.replace(PLACEHOLDER_RE, " ").toLowerCase().matchAll(WORD_RE)) {
    const w = m[0];
    if (w.length >= 3 && new RegExp("\\p{L}", "u").test(w) && !STOP.has(w)) out.add(w);
  }
  return out;
}
function sharesKeyword(a, b) {
  const ka = keywords(a);
  for (const w of keywords(b)) if (ka.has(w)) return true;
  return false;
}
var CODE_RE = /\b(?:E[A-Z]{3,}|ERR_[A-Z0-9_]+|[A-Z]{1,4}\d{3,5}|[A-Z][A-Za-z]*(?:Error|Exception))\b/g;
var NOT_CODES = /* @__PURE__ */ new Set([
  "ERROR",
  "ERRORS",
  "EXIT",
  "EXPECTED",
  "EMPTY",
  "EVERY",
  "ELSE",
  "EOF",
  "ENV",
  "EXEC",
  "EXPORT"
]);
function codes(text) {
  const out = /* @__PURE__ */ new Set();
  for (const m of text.replace(PLACEHOLDER_RE, " ").matchAll(CODE_RE)) {
    if (!NOT_CODES.has(m[0])) out.add(m[0].toLowerCase());
  }
  return out;
}
var SHELLS2 = /* @__PURE__ */ new Set(["bash", "zsh", "sh", "dash", "fish", "ksh"]);
function tokens(text) {
  const out = /* @__PURE__ */ new Set();
  for (const m of text.replace(PLACEHOLDER_RE, " ").toLowerCase().matchAll(WORD_RE)) {
    const w = m[0];
    if (w.length >= 2 && new RegExp("\\p{L}", "u").test(w) && !STOP.has(w) && !SHELLS2.has(w)) out.add(w);
  }
  return out;
}
var IDENT_RE = /[\p{L}\p{N}_$]+(?:(?:\.|::|\/|@)[\p{L}\p{N}_$]+)+|\b[a-z][a-z\d]*[A-Z][\p{L}\p{N}]*|\b[A-Z][a-z\d]+[A-Z][\p{L}\p{N}]*|\b[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*-\d[\p{L}\p{N}-]*|\b[\p{L}\p{N}]*_[\p{L}\p{N}_]*/gu;
function identTokens(text) {
  const plain = text.replace(PLACEHOLDER_RE, " ");
  const inIdent = /* @__PURE__ */ new Set();
  const cs = codes(text);
  const skip = (m) => cs.has(m.toLowerCase()) || m === m.toUpperCase();
  for (const m of plain.matchAll(IDENT_RE)) {
    if (skip(m[0])) continue;
    for (const w of m[0].toLowerCase().matchAll(WORD_RE)) if (!cs.has(w[0])) inIdent.add(w[0]);
  }
  if (inIdent.size === 0) return inIdent;
  const outside = plain.replace(IDENT_RE, (m) => skip(m) ? m : " ");
  for (const w of outside.toLowerCase().matchAll(WORD_RE)) inIdent.delete(w[0]);
  return inIdent;
}
function weight(token) {
  if (GENERIC.has(token)) return 0.25;
  if (TOOLS.has(token)) return 0.5;
  return 1;
}
function distinctive(token) {
  return !GENERIC.has(token) && !TOOLS.has(token);
}
function distinctiveOf(ts) {
  const own2 = [...ts].filter(distinctive);
  return new Set(own2.length ? own2 : [...ts].filter((t) => TOOLS.has(t)));
}
function allGeneric(a, b) {
  return distinctiveOf(a).size === 0 && distinctiveOf(b).size === 0;
}
var IDENT_WEIGHT = 0.25;
function similarity(query, candidate) {
  const q = tokens(query);
  const d = tokens(candidate);
  const iq = identTokens(query);
  const id = identTokens(candidate);
  const w = (t) => iq.has(t) || id.has(t) ? Math.min(IDENT_WEIGHT, weight(t)) : weight(t);
  const qw = new Set([...q].filter((t) => !iq.has(t)));
  const dw = new Set([...d].filter((t) => !id.has(t)));
  const generic = allGeneric(qw, dw);
  const dq = generic ? qw : distinctiveOf(qw);
  const dd = generic ? dw : distinctiveOf(dw);
  const cqAll = codes(query);
  const cdAll = codes(candidate);
  let sharedPlain = 0;
  let wq = 0;
  let wd = 0;
  let ws = 0;
  const shared = [];
  let sharedDistinctive = 0;
  for (const t of q) wq += w(t);
  for (const t of d) {
    wd += w(t);
    if (q.has(t)) {
      ws += w(t);
      shared.push(t);
      if (dq.has(t) && dd.has(t)) {
        sharedDistinctive++;
        if (!cqAll.has(t) && !cdAll.has(t)) sharedPlain++;
      }
    }
  }
  const cq = cqAll;
  const cd = cdAll;
  let codeConflict = false;
  if (cq.size > 0 && cd.size > 0) {
    codeConflict = true;
    for (const c of cq) if (cd.has(c)) codeConflict = false;
  }
  const specific = (cs) => [...cs].some((c) => !/(?:error|exception)$/.test(c));
  const oneSided = cq.size > 0 !== cd.size > 0;
  const codeOneSided = oneSided && (specific(cq) || specific(cd));
  const classOneSided = oneSided && !codeOneSided;
  const score = wq + wd > 0 ? 2 * ws / (wq + wd) : 0;
  const own2 = (t) => distinctive(t) && !cqAll.has(t) && !cdAll.has(t);
  const queryOnly = [...qw].filter((t) => own2(t) && !d.has(t));
  const candidateOnly = [...dw].filter((t) => own2(t) && !q.has(t));
  return {
    queryOnly,
    candidateOnly,
    score,
    shared,
    sharedDistinctive,
    codeConflict,
    sharedPlain,
    codeOneSided,
    classOneSided,
    keywordShared: sharesKeyword(query, candidate),
    generic
  };
}

// src/error-kb/lexical.ts
var LEXICAL_MIN_SCORE = 0.55;
var LEXICAL_ONE_SIDED_SCORE = 0.75;
var CANDIDATES = 10;
var MAX_QUERY_TERMS = 12;
var LEXICAL_SUBSTITUTION_SCORE = 0.65;
var CLASS_ONE_SIDED_WORDS = 2;
var LEXICAL_AMBIGUITY_MARGIN = 0.05;
function lexicalFtsQuery(normalized) {
  const terms = /* @__PURE__ */ new Set();
  const ts = tokens(normalized);
  for (const t of ts) if (distinctive(t)) terms.add(t);
  if (terms.size === 0) {
    for (const t of ts) if (weight(t) === 0.5) terms.add(t);
  }
  if (terms.size === 0) {
    for (const t of ts) if (t.length >= 3) terms.add(t);
  }
  for (const c of codes(normalized))
    for (const part of c.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 2) terms.add(part);
  if (terms.size === 0) return null;
  const list = [...terms].sort((a, b) => b.length - a.length);
  return ftsQuery(list.join(" "), { op: "OR", max: MAX_QUERY_TERMS, column: "error_normalized" }) || null;
}
var CONFLICT_OVERRIDE_WORDS = 4;
var CONFLICT_OVERRIDE_SCORE = 0.7;
function accepts(sim, minScore = LEXICAL_MIN_SCORE) {
  if (!sim.keywordShared || sim.sharedDistinctive < 1) return false;
  if (sim.codeConflict && !(sim.sharedPlain >= CONFLICT_OVERRIDE_WORDS && sim.score >= CONFLICT_OVERRIDE_SCORE))
    return false;
  const strict = sim.codeOneSided || sim.classOneSided && sim.sharedPlain < CLASS_ONE_SIDED_WORDS || sim.sharedPlain === 0 || sim.generic;
  if (sim.queryOnly.length > 0 && sim.candidateOnly.length > 0 && sim.score < LEXICAL_SUBSTITUTION_SCORE)
    return false;
  return sim.score >= (strict ? Math.max(minScore, LEXICAL_ONE_SIDED_SCORE) : minScore);
}
function embeddedIds(db, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Set();
  try {
    return embeddedAmong(db, ids);
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function searchLexical(db, normalized, opts = {}) {
  const q = lexicalFtsQuery(normalized);
  if (!q) return null;
  const rows = ftsCandidates(db, q, CANDIDATES);
  if (rows.length === 0) return null;
  const skip = opts.onlyUnembedded ? embeddedIds(
    db,
    rows.map((r) => r.id)
  ) : /* @__PURE__ */ new Set();
  const ok = [];
  for (const r of rows) {
    if (skip.has(r.id)) continue;
    const sim = similarity(normalized, r.error_normalized);
    if (!accepts(sim, opts.minScore)) continue;
    const { bm25, ...entry } = r;
    if (opts.fits && !opts.fits(entry)) continue;
    ok.push({ entry, score: sim.score, bm25, sim });
  }
  if (ok.length === 0) return null;
  ok.sort(
    (a, b) => Math.abs(a.score - b.score) > 1e-9 ? b.score - a.score : (b.entry.use_count ?? 0) - (a.entry.use_count ?? 0)
  );
  const best = ok[0];
  const margin = opts.ambiguityMargin ?? LEXICAL_AMBIGUITY_MARGIN;
  const rival = ok.find((h) => h !== best && h.entry.resolution !== best.entry.resolution);
  if (rival && rival.score >= best.score - margin) return null;
  return best;
}

// src/error-kb/names.ts
var PLACE = new Set(
  "home users user usr var tmp temp src lib lib64 bin sbin opt app apps srv etc local share node_modules dist build out www root mnt workspace runner main index test tests".split(
    " "
  )
);
function nameKind(name) {
  if (/^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(name)) return "path";
  if (/^@[\w.-]+\/[\w.-]+$/.test(name)) return "name";
  if (name.includes("/")) return "path";
  return "name";
}
function forms(name) {
  const n = name.toLowerCase().replace(/[\\/]+$/, "");
  const base = n.split(/[\\/]/).pop() ?? n;
  const out = /* @__PURE__ */ new Set([n, base, base.replace(/\.[a-z0-9]{1,10}$/, "")]);
  return [...out].filter((f) => f.length >= 3 && new RegExp("\\p{L}", "u").test(f) && !PLACE.has(f));
}
function writes(fix, form) {
  let at = fix.indexOf(form);
  while (at >= 0) {
    const before = fix[at - 1];
    const after = fix[at + form.length];
    if (!(before && /[\p{L}\p{N}_]/u.test(before)) && !(after && /[\p{L}\p{N}_]/u.test(after))) return true;
    at = fix.indexOf(form, at + 1);
  }
  return false;
}
function namesAgree(queryMessage, stored) {
  if (!queryMessage || !stored.error_raw || !stored.resolution) return true;
  const storedNames = maskedNames(extractErrorMessage(stored.error_raw));
  if (storedNames.length === 0) return true;
  const queryNames = maskedNames(queryMessage);
  if (queryNames.length === 0) return true;
  if (storedNames.length === queryNames.length) {
    for (let i = 0; i < storedNames.length; i++)
      if (nameKind(storedNames[i]) !== nameKind(queryNames[i])) return false;
  }
  const fix = stored.resolution.toLowerCase();
  const keyWords = tokens(stored.error_normalized);
  const named = (name) => forms(name).filter((f) => !keyWords.has(f) && writes(fix, f));
  if (queryNames.some((n) => named(n).length > 0)) return true;
  const queryForms = new Set(queryNames.flatMap(forms));
  for (const name of storedNames) if (named(name).some((f) => !queryForms.has(f))) return false;
  return true;
}

// src/error-kb/context.ts
var NOISE_LINE2 = new RegExp(
  [
    String.raw`at \S.*`,
    // JS / Java / .NET frames
    String.raw`File ".*", line \d+.*`,
    // Python frames
    String.raw`from \S+:\d+:in .*`,
    // Ruby frames
    String.raw`\S+\.go:\d+(?: \+0x[0-9a-f]+)?`,
    // Go frames
    String.raw`goroutine \d+ \[.*\]:`,
    String.raw`[\w.$/*()]+\(.*\)`,
    // a bare call frame (`main.main()`)
    String.raw`(?:>\s*)?\d*\s*\|.*`,
    // code excerpts (`  3 | import x`, `> 2 | …`, `  | ^`)
    String.raw`[\^~\s|-]+`,
    // carets, rules
    String.raw`[@=*#_-]{3,}.*`,
    // banners
    String.raw`.*A complete log of this run can be found in.*`,
    String.raw`.*for more information.*`,
    String.raw`.*(?:re-?run|run) with .*(?:--stacktrace|--info|--debug|RUST_BACKTRACE|-e switch|--verbose).*`,
    String.raw`Node\.js v[\d.]+`,
    String.raw`exit status \d+`,
    String.raw`(?:Test Suites|Tests|Snapshots|Time|Ran all test suites).*`,
    String.raw`\d+ (?:errors?|warnings?) generated\.?`
  ].map((r) => `(?:${r})`).join("|"),
  "i"
);
var NOISE = new RegExp(`^(?:${NOISE_LINE2.source})$`, "i");
var LINE_PREFIX = /^(?:npm (?:ERR!|error|WARN|warn)|E)\s+/;
function contextLines(raw) {
  const out = [];
  let afterFrame = false;
  for (const line of raw.slice(0, 2e4).replace(/<\/?tool_use_error>/g, "").split(/\r?\n/)) {
    const l = line.slice(0, 500).trim().replace(RELAY_PREFIX, "").replace(LINE_PREFIX, "");
    const frame = /^File ".*", line \d+/.test(l);
    if (afterFrame && !frame) {
      afterFrame = false;
      continue;
    }
    afterFrame = frame;
    if (!l || EXIT_CODE_LINE.test(l) || PROGRESS_LINE.test(l) || TRACEBACK_LINE.test(l) || FRAME_LINE.test(l) || SUMMARY_LINE.test(l) || NOISE.test(l))
      continue;
    out.push(l);
  }
  return out;
}
function contextWords(raw, message) {
  const out = /* @__PURE__ */ new Set();
  if (!raw) return out;
  const own2 = tokens(mask(message));
  for (const l of contextLines(raw)) {
    if (message.includes(l)) continue;
    const masked = mask(l);
    const names = identTokens(masked);
    for (const t of tokens(masked))
      if (t.length >= 3 && distinctive(t) && !names.has(t) && !own2.has(t) && !/\d/.test(t)) out.add(t);
  }
  return out;
}
function contextAgreement(q, s) {
  let shared = 0;
  for (const w of q) if (s.has(w)) shared++;
  const min = Math.min(q.size, s.size);
  return {
    query: q.size,
    stored: s.size,
    shared,
    containment: min === 0 ? q.size === s.size ? 1 : 0 : shared / min,
    dice: q.size + s.size === 0 ? 1 : 2 * shared / (q.size + s.size)
  };
}

// src/error-kb/vector.ts
var VEC_ACCEPT = 0.76;
var VEC_REJECT = 0.85;
var DEFAULT_THRESHOLDS = { accept: VEC_ACCEPT, reject: VEC_REJECT };
function l2FromCosine(d) {
  return Math.sqrt(Math.max(0, 2 * d));
}
var VEC_K = 3;
function embeddingsExist(db) {
  try {
    if (!vecTableExists(db)) return null;
    return anyEmbedding(db);
  } catch {
    return null;
  }
}
function vecBlob(v) {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}
async function knn(db, query, k = VEC_K) {
  if (query.length !== EMBED_DIMS)
    throw new Error(`query vector has ${query.length} dimensions, expected ${EMBED_DIMS}`);
  if (!await ensureVec(db)) throw new Error("sqlite-vec is not available");
  const rows = nearestEmbeddings(db, vecBlob(query), k);
  return rows.map((r) => ({ ...r, l2: l2FromCosine(r.distance) }));
}
function putEmbedding(db, id, v) {
  replaceEmbedding(db, id, vecBlob(v));
}

// src/error-kb/search.ts
var MAX_CHAR = String.fromCodePoint(1114111);
var asciiLower = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
function escapeLike(s) {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}
function lengthRatio(a, b) {
  const x = a.length;
  const y = b.length;
  if (x === 0 || y === 0) return 0;
  return Math.min(x, y) / Math.max(x, y);
}
function detailAgrees(message, entry) {
  if (!message || !entry.error_raw) return true;
  const q = normalizeDetail(message);
  const s = normalizeDetail(extractErrorMessage(entry.error_raw));
  return q === s || prefixAgrees(q, s, DETAIL_TAIL_MIN_SCORE);
}
var DETAIL_TAIL_MIN_SCORE = 0.4;
var CONTEXT_MIN_DICE = 0.5;
function wrapperKey(message) {
  return WRAPPER_LINE.test(message) || HEADLINE_LINE.test(message);
}
function contextAgrees(message, raw, entry) {
  if (!message || !raw || !entry.error_raw) return true;
  const stored = extractErrorMessage(entry.error_raw);
  if (!wrapperKey(message) && !wrapperKey(stored)) return true;
  const a = contextAgreement(contextWords(raw, message), contextWords(entry.error_raw, stored));
  if (a.query === 0 && a.stored === 0) return true;
  return a.query > 0 && a.stored > 0 && a.dice >= CONTEXT_MIN_DICE;
}
function fits(message, entry, raw) {
  return namesAgree(message, entry) && detailAgrees(message, entry) && contextAgrees(message, raw, entry);
}
function exactTier(db, normalized, message, raw) {
  const exact = exactEntry(db, normalized);
  if (exact && fits(message, exact, raw)) return { ...exact, tier: "exact" };
  const legacy = message ? keyWithReporter(message) : "";
  if (!legacy || legacy === normalized) return null;
  const old = exactEntry(db, legacy);
  return old && fits(message, old, raw) ? { ...old, tier: "exact" } : null;
}
var PREFIX_TAIL_MIN_SCORE = 0.25;
function prefixAgrees(query, candidate, minTail = PREFIX_TAIL_MIN_SCORE) {
  const cq = codes(query);
  const cc = codes(candidate);
  if (cq.size > 0 && cc.size > 0 && ![...cq].some((c) => cc.has(c))) return false;
  let i = 0;
  const n = Math.min(query.length, candidate.length);
  while (i < n && query[i].toLowerCase() === candidate[i].toLowerCase()) i++;
  while (i > 0 && /[\p{L}\p{N}]/u.test(query[i - 1])) i--;
  const headWords = tokens(query.slice(0, i));
  const rest = (s) => s.slice(i).replace(/[\p{L}\p{N}]+/gu, (w) => headWords.has(w.toLowerCase()) ? " " : w);
  let j = i;
  while (j > 0 && /[\p{L}\p{N}\-@/._]/u.test(query[j - 1])) j--;
  if (cruxDiffers(query.slice(j), candidate.slice(j))) return false;
  if (tokens(query.slice(i)).size < 2 || tokens(candidate.slice(i)).size < 2) return true;
  const sim = similarity(rest(query), rest(candidate));
  return sim.score >= minTail;
}
function cruxDiffers(queryTail, candidateTail) {
  const words2 = (s) => (s.replace(/<(?:STR|PATH|N)>/g, " ").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => new RegExp("\\p{L}", "u").test(w));
  const q = words2(queryTail);
  const c = words2(candidateTail);
  let ending = 0;
  while (q.length && c.length && q[q.length - 1] === c[c.length - 1]) {
    q.pop();
    c.pop();
    ending++;
  }
  if (q.length > 2 || c.length > 2) return false;
  if (ending === 0 && Math.max(q.length, c.length) < 2) return false;
  const joined = (t) => t.split(/\s+/).map((c2) => c2.replace(/^[("'`[]+|[)"'`\],.:;!?]+$/g, "")).filter((c2) => /[^\p{L}\p{N}]/u.test(c2)).flatMap((c2) => c2.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const names = /* @__PURE__ */ new Set([
    ...identTokens(queryTail),
    ...identTokens(candidateTail),
    ...joined(queryTail),
    ...joined(candidateTail)
  ]);
  const crux = (w) => w.length >= 3 && new RegExp("\\p{L}", "u").test(w) && distinctive(w) && !isStopWord(w);
  const dq = q.filter((w) => crux(w) && !names.has(w));
  const dc = c.filter((w) => crux(w) && !names.has(w));
  if (dq.length === 0 || dc.length === 0) return false;
  return !q.some((w) => crux(w) && c.includes(w));
}
function prefixTier(db, normalized, message, raw) {
  const head = normalized.slice(0, 30);
  const low = asciiLower(head);
  const rows = prefixEntries(db, low, low + MAX_CHAR, escapeLike(head) + "%");
  let best = null;
  const passed = [];
  for (const entry of rows) {
    const ratio = lengthRatio(normalized, entry.error_normalized);
    if (ratio < 0.7 || !prefixAgrees(normalized, entry.error_normalized)) continue;
    if (!fits(message, entry, raw)) continue;
    const sim = similarity(normalized, entry.error_normalized);
    if (rows.length > 1 && !accepts(sim)) continue;
    const score = sim.score;
    passed.push({ entry, ratio, score });
    if (!best || score > best.score + 1e-9) best = { entry, ratio, score };
  }
  const b = best;
  if (b && passed.some(
    (p) => p !== b && p.entry.resolution !== b.entry.resolution && p.score >= b.score - LEXICAL_AMBIGUITY_MARGIN
  ))
    return null;
  return best ? { ...best.entry, tier: "prefix", score: best.ratio } : null;
}
var LABEL = /^(?:ERROR|FATAL|PANIC|Error|error|fatal|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.[A-Z]\w*(?:Error|Exception|Violation|Transaction)?): (?=\S)/;
var GENERIC_LABELS = ["ERROR", "FATAL", "error", "Error", "fatal"];
function labelTier(db, normalized, message, raw) {
  const m = LABEL.exec(normalized);
  if (!m) return null;
  const body = normalized.slice(m[0].length);
  if (body.length < 12) return null;
  for (const label of GENERIC_LABELS) {
    const key = `${label}: ${body}`;
    if (key === normalized) continue;
    const e = exactEntry(db, key);
    if (e && fits(message, e, raw)) return { ...e, tier: "prefix" };
  }
  return null;
}
var HINT = /^[\s.;,]*(?:Did you mean|Did you forget|Did you install|To resolve|To fix|Try |Either |You have to|You may |You might |Please |Consider |Run |Use |See |Hint:|help:|note:|For more information)/i;
function hintTier(db, normalized, message, raw) {
  const cut = normalized.search(/[.?!:]\s+\S/);
  for (let at = cut; at >= 0 && at < normalized.length; ) {
    const end = at + 1;
    if (HINT.test(normalized.slice(end))) {
      const e = exactEntry(db, normalized.slice(0, end).trim());
      if (e && fits(message, e, raw)) return { ...e, tier: "prefix" };
    }
    const next = normalized.slice(end).search(/[.?!:]\s+\S/);
    at = next < 0 ? -1 : end + next;
  }
  const low = asciiLower(normalized);
  for (const e of prefixEntries(db, low, low + MAX_CHAR, escapeLike(normalized) + "%")) {
    if (e.error_normalized.length === normalized.length) continue;
    if (HINT.test(e.error_normalized.slice(normalized.length)) && fits(message, e, raw))
      return { ...e, tier: "prefix" };
  }
  return null;
}
function searchText(db, normalized, message, raw) {
  return exactTier(db, normalized, message, raw) ?? prefixTier(db, normalized, message, raw) ?? labelTier(db, normalized, message, raw) ?? hintTier(db, normalized, message, raw);
}
function pickVector(normalized, candidates, th = DEFAULT_THRESHOLDS) {
  for (const c of candidates) {
    if (c.l2 >= th.reject) break;
    if (c.l2 < th.accept) return c;
    if (sharesKeyword(normalized, c.entry.error_normalized)) return c;
  }
  return null;
}
async function vectorTier(db, normalized, embedder, th, message) {
  let q = null;
  try {
    q = (await embedder.embed([normalized]))[0] ?? null;
  } catch {
    q = null;
  }
  if (!validVector(q, EMBED_DIMS)) return { match: null, ran: false };
  const near = await knn(db, q, VEC_K);
  if (near.length === 0) return { match: null, ran: true };
  const ids = near.map((n) => n.id);
  const rows = resolvedEntries(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = near.flatMap((n) => {
    const entry = byId.get(n.id);
    return entry && namesAgree(message, entry) ? [{ entry, l2: n.l2, cosine: n.distance }] : [];
  });
  const pick2 = pickVector(normalized, candidates, th);
  return {
    match: pick2 ? { ...pick2.entry, tier: "vector", distance: pick2.l2, cosine: pick2.cosine } : null,
    ran: true
  };
}
function defaultEmbedder(opts) {
  if (opts.embedder !== void 0) return opts.embedder;
  const env = opts.env ?? process.env;
  const timeoutMs = opts.daemonTimeoutMs ?? loadConfig(env).embedding.daemonTimeoutMs;
  return daemonEmbedder({ timeoutMs, env });
}
async function searchErrorKB(db, error, opts = {}) {
  try {
    if (!db || typeof error !== "string") return null;
    const key = opts.normalized ? null : errorKey(error);
    const normalized = key ? key.normalized : error.trim();
    if (!normalized) return null;
    const message = key ? key.message : opts.message;
    const raw = key ? key.raw : opts.raw;
    const trace = opts.trace;
    if (trace) trace.normalized = normalized;
    let t = performance.now();
    const step = (tier, result) => {
      const now = performance.now();
      trace?.tiers.push({ tier, ms: now - t, result });
      t = now;
    };
    let hit = exactTier(db, normalized, message, raw);
    step("exact", hit ? `#${hit.id}` : "none");
    if (!hit) {
      hit = prefixTier(db, normalized, message, raw) ?? labelTier(db, normalized, message, raw) ?? hintTier(db, normalized, message, raw);
      step("prefix", hit ? `#${hit.id} (length ratio ${hit.score?.toFixed(2)})` : "none");
    }
    let vectorRan = false;
    if (!hit) {
      const embedder = embeddingsExist(db) ? defaultEmbedder(opts) : null;
      if (embedder) {
        try {
          const th = opts.thresholds ?? loadConfig(opts.env ?? process.env).embedding.thresholds;
          const v = await vectorTier(db, normalized, embedder, th, message);
          hit = v.match;
          vectorRan = v.ran;
          step(
            "vector",
            hit ? `#${hit.id} (L2 distance ${hit.distance?.toFixed(3)}, cosine ${hit.cosine?.toFixed(3)}; accept < ${th.accept}, keyword check < ${th.reject})` : v.ran ? "none" : "skipped (no vectors or no embedder)"
          );
        } catch (e) {
          step("vector", `failed: ${e.message}`);
        }
      } else {
        step("vector", opts.embedder === null ? "disabled" : "skipped (no entry has an embedding)");
      }
    }
    if (!hit && opts.lexical !== false) {
      const lex = searchLexical(db, normalized, {
        ...opts.lexicalOptions,
        onlyUnembedded: vectorRan,
        // the names only: a paraphrase's detail differs by nature (the detail check on every
        // lexical candidate, or on those with the query's first 30 characters, cost recall on both
        // halves and removed false matches on one)
        fits: (e) => namesAgree(message, e)
      });
      if (lex) hit = { ...lex.entry, tier: "lexical", score: lex.score, distance: lex.bm25 };
      step(
        "lexical",
        hit ? `#${hit.id} (score ${lex?.score.toFixed(2)}, bm25 ${lex?.bm25.toFixed(2)})` : "none"
      );
    }
    if (!hit) return null;
    if (opts.bump !== false) {
      const now = opts.now ?? /* @__PURE__ */ new Date();
      try {
        bumpUse(db, hit.id, now);
        hit.use_count = (hit.use_count ?? 0) + 1;
        hit.last_used = now.toISOString();
      } catch {
      }
    }
    return hit;
  } catch {
    return null;
  }
}

// src/error-kb/embeddings.ts
var EMBED_BATCH = 50;
async function pendingEmbeddings(db) {
  if (!await ensureVec(db)) return 0;
  return unembeddedCount(db);
}
async function generateErrorEmbeddings(db, embedder, opts = {}) {
  const report = { pending: 0, embedded: 0, failed: 0 };
  try {
    if (!await ensureVec(db)) return { ...report, error: "sqlite-vec could not be loaded" };
    deleteOrphanEmbeddings(db);
    let rows = unembeddedEntries(db);
    report.pending = rows.length;
    if (rows.length === 0) return report;
    if (opts.limit !== void 0 && opts.limit >= 0) rows = rows.slice(0, opts.limit);
    const size = Math.max(1, Math.min(opts.batchSize ?? EMBED_BATCH, EMBED_BATCH));
    for (let i = 0; i < rows.length; i += size) {
      const batch = rows.slice(i, i + size);
      const vectors = await embedBatch(
        embedder,
        batch.map((r) => r.error_normalized)
      );
      const write = db.transaction(() => {
        batch.forEach((r, j) => {
          const v = vectors[j];
          if (!validVector(v, EMBED_DIMS)) {
            report.failed++;
            return;
          }
          try {
            putEmbedding(db, r.id, v);
            report.embedded++;
          } catch {
            report.failed++;
          }
        });
      });
      try {
        write.immediate();
      } catch (e) {
        report.failed += batch.length;
        report.error = e.message;
      }
      opts.onProgress?.(Math.min(i + size, rows.length), rows.length);
    }
    return report;
  } catch (e) {
    return { ...report, error: e?.message ?? String(e) };
  }
}
async function embedBatch(embedder, texts) {
  try {
    const out2 = await embedder.embed(texts);
    if (Array.isArray(out2) && out2.length === texts.length) return out2;
  } catch {
  }
  const out = [];
  for (const t of texts) {
    try {
      out.push((await embedder.embed([t]))[0] ?? null);
    } catch {
      out.push(null);
    }
  }
  return out;
}

// bench/retrieval/types.ts
var pair = (id, tool, stored, query, resolution) => ({
  id,
  tool,
  stored,
  query,
  resolution
});
var ECOSYSTEM = {
  node: "npm",
  jest: "npm",
  eslint: "npm",
  vite: "webpack",
  pip: "python",
  psql: "db",
  gradle: "java",
  bash: "shell"
};
var ecosystemOf = (tool) => ECOSYSTEM[tool] ?? tool;

// bench/retrieval/tuning.ts
var FIRST_PAIRS = [
  // npm
  {
    id: "npm-eresolve",
    tool: "npm",
    stored: "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! Found: react@18.2.0",
    query: "npm error code ERESOLVE\nnpm error ERESOLVE could not resolve\nnpm error While resolving: my-app@0.1.0",
    resolution: "npm install --legacy-peer-deps, then align the peer versions"
  },
  {
    id: "npm-404",
    tool: "npm",
    stored: "npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fwidgets - Not found",
    query: "npm error 404 Not Found - GET https://registry.npmjs.org/lodahs - Not found\nnpm error 404  'lodahs@*' is not in this registry.",
    resolution: "the package name is misspelled or private: fix the name or log in to the registry"
  },
  {
    id: "npm-eacces",
    tool: "npm",
    stored: "npm ERR! code EACCES\nnpm ERR! syscall mkdir\nnpm ERR! path /usr/local/lib/node_modules/typescript",
    query: "npm error code EACCES\nnpm error syscall rename\nnpm error path /usr/lib/node_modules/pnpm",
    resolution: "set an npm prefix in the home folder (npm config set prefix ~/.npm-global) instead of sudo"
  },
  {
    id: "node-engine",
    tool: "npm",
    stored: 'error vite@5.0.0: The engine "node" is incompatible with this module. Expected version "^18.0.0 || >=20.0.0". Got "16.20.0"',
    query: 'error @angular/core@17.0.0: The engine "node" is incompatible with this module. Expected version ">=18.13.0". Got "16.14.2"',
    resolution: "nvm use 20"
  },
  // tsc
  {
    id: "ts2322",
    tool: "tsc",
    stored: "src/components/Button.tsx(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    query: "src/pages/index.tsx(40,11): error TS2322: Type 'undefined' is not assignable to type 'string'.",
    resolution: "narrow or convert the value before assigning it"
  },
  {
    id: "ts2307",
    tool: "tsc",
    stored: "error TS2307: Cannot find module '@/utils/date' or its corresponding type declarations.",
    query: "src/app.ts(3,22): error TS2307: Cannot find module 'lodash' or its corresponding type declarations.",
    resolution: "install the types (npm i -D @types/\u2026) or fix the paths alias in tsconfig.json"
  },
  {
    id: "ts18048",
    tool: "tsc",
    stored: "error TS18048: 'user' is possibly 'undefined'.",
    query: "src/api/client.ts(9,3): error TS18048: 'res.data' is possibly 'undefined'.",
    resolution: "add a guard or optional chaining before use"
  },
  {
    id: "ts2339",
    tool: "tsc",
    stored: "error TS2339: Property 'foo' does not exist on type 'Bar'.",
    query: "lib/store.ts(1,2): error TS2339: Property 'map' does not exist on type '{}'.",
    resolution: "type the object (interface or generic) so the property is declared"
  },
  {
    id: "ts7006",
    tool: "tsc",
    stored: "error TS7006: Parameter 'e' implicitly has an 'any' type.",
    query: "src/handlers.ts(4,18): error TS7006: Parameter 'req' implicitly has an 'any' type.",
    resolution: "annotate the parameter type"
  },
  // node
  {
    id: "node-cannot-find-module",
    tool: "node",
    stored: "Error: Cannot find module 'express'\nRequire stack:\n- /app/server.js",
    query: "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '/home/u/proj/dist/index.js'",
    resolution: "npm install (or build first when the missing file is in dist/)"
  },
  {
    id: "node-esm-not-found",
    tool: "node",
    stored: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'chalk' imported from /app/index.mjs",
    query: "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/src/util' imported from /app/src/index.js",
    resolution: "ESM needs full specifiers: add the .js extension or install the package"
  },
  {
    id: "node-read-undefined",
    tool: "node",
    stored: "TypeError: Cannot read properties of undefined (reading 'map')",
    query: "TypeError: Cannot read properties of null (reading 'length')",
    resolution: "the value was not loaded yet: guard it or give it a default"
  },
  {
    id: "node-eaddrinuse",
    tool: "node",
    stored: "Error: listen EADDRINUSE: address already in use :::3000",
    query: "Error: listen EADDRINUSE: address already in use 127.0.0.1:8080",
    resolution: "another server holds the port: kill it (lsof -i :PORT) or use another port"
  },
  {
    id: "node-esm-import",
    tool: "node",
    stored: "SyntaxError: Cannot use import statement outside a module",
    query: '(node:48211) Warning: To load an ES module, set "type": "module" in the package.json or use the .mjs extension.\n/app/index.js:1\nimport fs from "fs";\n^^^^^^\n\nSyntaxError: Cannot use import statement outside a module',
    resolution: 'add "type": "module" to package.json'
  },
  {
    id: "node-fetch-undefined",
    tool: "node",
    stored: "ReferenceError: fetch is not defined",
    query: "ReferenceError: structuredClone is not defined\n    at Object.<anonymous> (/app/x.js:2:1)",
    resolution: "the Node.js version is too old: use Node 18 or newer"
  },
  {
    id: "node-heap",
    tool: "node",
    stored: "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
    query: "FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory",
    resolution: "NODE_OPTIONS=--max-old-space-size=8192"
  },
  {
    id: "node-enoent",
    tool: "node",
    stored: "Error: ENOENT: no such file or directory, open '/app/config.json'",
    query: "Error: ENOENT: no such file or directory, scandir '/home/u/p/templates'",
    resolution: "create the file/folder or run the command from the project root"
  },
  {
    id: "node-unknown-ext",
    tool: "node",
    stored: 'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /app/src/index.ts',
    query: 'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".tsx" for /home/u/p/scripts/seed.tsx',
    resolution: "run TypeScript through tsx (npx tsx file.ts), not node"
  },
  // python / pip / pytest
  {
    id: "py-no-module",
    tool: "python",
    stored: `Traceback (most recent call last):
  File "/app/main.py", line 1, in <module>
    import numpy
ModuleNotFoundError: No module named 'numpy'`,
    query: `Traceback (most recent call last):
  File "/home/u/p/run.py", line 3, in <module>
    from requests.adapters import HTTPAdapter
ModuleNotFoundError: No module named 'requests.adapters'`,
    resolution: "activate the venv, then pip install -r requirements.txt"
  },
  {
    id: "py-import-name",
    tool: "python",
    stored: "ImportError: cannot import name 'soft_unicode' from 'markupsafe' (/usr/lib/python3/dist-packages/markupsafe/__init__.py)",
    query: "ImportError: cannot import name 'url_quote' from 'werkzeug.urls' (/venv/lib/python3.11/site-packages/werkzeug/urls.py)",
    resolution: "pin the older version of the library the code was written for"
  },
  {
    id: "py-indent",
    tool: "python",
    stored: '  File "app.py", line 14\n    print(x)\nIndentationError: unexpected indent',
    query: '  File "/home/u/p/tools/report.py", line 88\n    return rows\nIndentationError: unexpected indent',
    resolution: "fix the indentation (mixed tabs and spaces)"
  },
  {
    id: "py-operand",
    tool: "python",
    stored: "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
    query: "TypeError: unsupported operand type(s) for -: 'NoneType' and 'int'",
    resolution: "convert the operands (int()/str()) or handle None first"
  },
  {
    id: "pip-no-version",
    tool: "pip",
    stored: "ERROR: Could not find a version that satisfies the requirement torch==2.9.0 (from versions: none)",
    query: "ERROR: Could not find a version that satisfies the requirement tensorflow>=2.16 (from versions: 2.12.0, 2.13.0)",
    resolution: "the Python version is not supported by that release: use Python 3.11"
  },
  {
    id: "py-unicode",
    tool: "python",
    stored: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x89 in position 0: invalid start byte",
    query: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 1024: invalid start byte",
    resolution: "open the file in binary mode or with the right encoding"
  },
  {
    id: "pip-externally-managed",
    tool: "pip",
    stored: "error: externally-managed-environment\n\n\xD7 This environment is externally managed",
    query: "error: externally-managed-environment\n\n\xD7 This environment is externally managed\n\u2570\u2500> To install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying to\n    install.",
    resolution: "python3 -m venv .venv && . .venv/bin/activate, then pip install"
  },
  {
    id: "pytest-fixture",
    tool: "pytest",
    stored: "E       fixture 'db_session' not found",
    query: "file /home/u/p/tests/test_users.py, line 12\n  def test_create(client):\nE       fixture 'client' not found",
    resolution: "add the fixture to conftest.py (or install the plugin that provides it)"
  },
  {
    id: "pytest-not-found",
    tool: "pytest",
    stored: "ERROR: file or directory not found: tests/test_x.py",
    query: "ERROR: file or directory not found: test_api.py::test_login",
    resolution: "run pytest from the project root with the right path"
  },
  {
    id: "py-nonetype-attr",
    tool: "python",
    stored: "AttributeError: 'NoneType' object has no attribute 'get'",
    query: `Traceback (most recent call last):
  File "/srv/app/views.py", line 31, in index
    name = user.profile.get('name')
AttributeError: 'NoneType' object has no attribute 'get'`,
    resolution: "the lookup returned None: check it before use"
  },
  // git
  {
    id: "git-push-rejected",
    tool: "git",
    stored: "error: failed to push some refs to 'github.com:acme/api.git'",
    query: " ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'https://github.com/me/site.git'",
    resolution: "git pull --rebase, then push"
  },
  {
    id: "git-not-repo",
    tool: "git",
    stored: "fatal: not a git repository (or any of the parent directories): .git",
    query: "fatal: not a git repository: '/home/u/p/.git'",
    resolution: "run it inside the repository (or git init)"
  },
  {
    id: "git-merge-conflict",
    tool: "git",
    stored: "CONFLICT (content): Merge conflict in src/index.ts\nAutomatic merge failed; fix conflicts and then commit the result.",
    query: "Auto-merging package-lock.json\nCONFLICT (content): Merge conflict in package-lock.json",
    resolution: "resolve the markers, git add, git commit"
  },
  {
    id: "git-local-changes",
    tool: "git",
    stored: "error: Your local changes to the following files would be overwritten by merge:\n	src/app.ts",
    query: "error: Your local changes to the following files would be overwritten by checkout:\n	README.md",
    resolution: "git stash, then retry (git stash pop after)"
  },
  {
    id: "git-auth",
    tool: "git",
    stored: "fatal: Authentication failed for 'https://github.com/acme/app.git/'",
    query: "remote: Invalid username or password.\nfatal: Authentication failed for 'https://gitlab.com/x/y.git/'",
    resolution: "use a personal access token (git credential helper), not the account password"
  },
  {
    id: "ssl-issuer",
    tool: "git",
    stored: "curl: (60) SSL certificate problem: unable to get local issuer certificate",
    query: "fatal: unable to access 'https://github.com/x/y.git/': SSL certificate problem: unable to get local issuer certificate",
    resolution: "install the corporate CA bundle (NODE_EXTRA_CA_CERTS / http.sslCAInfo)"
  },
  // cargo
  {
    id: "rust-e0308",
    tool: "cargo",
    stored: "error[E0308]: mismatched types\n --> src/main.rs:14:9",
    query: 'error[E0308]: mismatched types\n  --> src/lib.rs:88:20\n   |\n88 |     let x: u32 = "a";\n   |            ---   ^^^ expected `u32`, found `&str`',
    resolution: "convert the value to the expected type"
  },
  {
    id: "rust-e0382",
    tool: "cargo",
    stored: "error[E0382]: borrow of moved value: `config`",
    query: "error[E0382]: use of moved value: `v`\n --> src/main.rs:7:20",
    resolution: "clone it or borrow (&) instead of moving"
  },
  {
    id: "rust-e0425",
    tool: "cargo",
    stored: "error[E0425]: cannot find value `foo` in this scope",
    query: "error[E0425]: cannot find function `bar` in this scope\n --> src/lib.rs:3:5",
    resolution: "import it (use \u2026) or fix the name"
  },
  {
    id: "rust-linker",
    tool: "cargo",
    stored: "error: linker `cc` not found\n  |\n  = note: No such file or directory (os error 2)",
    query: "error: linker `link.exe` not found",
    resolution: "install the C toolchain (build-essential / Visual Studio Build Tools)"
  },
  {
    id: "rust-build-script",
    tool: "cargo",
    stored: "error: failed to run custom build command for `openssl-sys v0.9.102`",
    query: "error: failed to run custom build command for `ring v0.17.8`\n\nCaused by:\n  process didn't exit successfully",
    resolution: "install the native dev packages (pkg-config, libssl-dev)"
  },
  // docker
  {
    id: "docker-name-in-use",
    tool: "docker",
    stored: 'docker: Error response from daemon: Conflict. The container name "/web" is already in use by container "4f3c2a1b9d8e".',
    query: 'Error response from daemon: Conflict. The container name "/db" is already in use by container "a1b2c3d4e5f6". You have to remove (or rename) that container to be able to reuse that name.',
    resolution: "docker rm -f the old container (or use --rm)"
  },
  {
    id: "docker-daemon-down",
    tool: "docker",
    stored: "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?",
    query: "docker: Cannot connect to the Docker daemon at unix:///run/user/1000/docker.sock. Is the docker daemon running?",
    resolution: "start Docker (systemctl start docker / open Docker Desktop)"
  },
  {
    id: "docker-build-step",
    tool: "docker",
    stored: 'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
    query: 'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 2',
    resolution: "read the failing RUN step output above; fix that command"
  },
  {
    id: "docker-pull-denied",
    tool: "docker",
    stored: "Error response from daemon: pull access denied for myapp, repository does not exist or may require 'docker login'",
    query: "Error response from daemon: pull access denied for acme/worker, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
    resolution: "docker login, or build the image locally first"
  },
  {
    id: "disk-full",
    tool: "docker",
    stored: "failed to register layer: write /usr/lib/x86_64-linux-gnu/libLLVM.so: no space left on device",
    query: "Error: write /var/lib/docker/tmp/GetImageBlob123: no space left on device",
    resolution: "docker system prune -af"
  },
  // shell, lint, services, java
  {
    id: "sh-jq-missing",
    tool: "bash",
    stored: "bash: line 1: jq: command not found",
    query: "/bin/sh: 1: jq: command not found",
    resolution: "apt-get install -y jq"
  },
  {
    id: "script-not-executable",
    tool: "bash",
    stored: "bash: ./deploy.sh: Permission denied",
    query: "zsh: permission denied: ./scripts/build.sh",
    resolution: "chmod +x the script"
  },
  {
    id: "eslint-unused",
    tool: "eslint",
    stored: "  12:5  error  'foo' is assigned a value but never used  @typescript-eslint/no-unused-vars",
    query: "  3:10  error  'Bar' is defined but never used  @typescript-eslint/no-unused-vars",
    resolution: "remove it or prefix it with _"
  },
  {
    id: "psql-refused",
    tool: "psql",
    stored: 'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory',
    query: 'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused',
    resolution: "start PostgreSQL (docker compose up -d db)"
  },
  {
    id: "java-npe",
    tool: "java",
    stored: 'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "<local1>" is null',
    query: 'Exception in thread "main" java.lang.NullPointerException\n	at com.acme.App.main(App.java:14)',
    resolution: "initialise the field before use"
  }
];
var FIRST_UNRELATED = [
  "fatal: remote origin already exists.",
  "error: pathspec 'feature/login' did not match any file(s) known to git",
  "npm ERR! code ENOTEMPTY\nnpm ERR! syscall rename",
  "TypeError: fetch failed\n    at node:internal/deps/undici/undici:13185:13",
  `SyntaxError: Unexpected token '<', "<!DOCTYPE "... is not valid JSON`,
  "Error: connect ETIMEDOUT 10.0.0.5:443",
  "error[E0599]: no method named `foo` found for struct `Bar` in the current scope",
  "RecursionError: maximum recursion depth exceeded while calling a Python object",
  "docker: Error response from daemon: driver failed programming external connectivity on endpoint web: Bind for 0.0.0.0:80 failed: port is already allocated.",
  "fatal: ambiguous argument 'main': unknown revision or path not in the working tree.",
  "warning: LF will be replaced by CRLF in src/app.ts.",
  "Killed",
  "error: src refspec main does not match any",
  "ImportError: attempted relative import with no known parent package",
  "npm WARN deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
  "error: no such command: `nextest`",
  "ValueError: invalid literal for int() with base 10: 'abc'",
  "PermissionError: [Errno 13] Permission denied: '/var/log/app.log'",
  "error TS2304: Cannot find name 'process'. Do you need to install type definitions for node?",
  "fatal: the remote end hung up unexpectedly",
  "Segmentation fault (core dumped)",
  'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
  "yarn: command not found",
  'error: could not compile `app` (bin "app") due to 2 previous errors',
  "KeyError: 0",
  "AssertionError: expected 200 but got 404",
  "E   assert 'admin' == 'user'",
  "Error: socket hang up\n    at connResetException (node:internal/errors:720:14) {\n  code: 'ECONNRESET'\n}"
];
var EARLIER_PAIRS = [
  {
    id: "go-undefined-pkg",
    tool: "go",
    stored: "./main.go:12:2: undefined: http.NewServeMux2",
    query: "pkg/api/router.go:88:9: undefined: http.NewServeMux2",
    resolution: "the symbol does not exist in this Go version"
  },
  {
    id: "go-missing-module",
    tool: "go",
    stored: "main.go:5:2: no required module provides package github.com/spf13/cobra; to add it:\n	go get github.com/spf13/cobra",
    query: "cmd/root.go:7:2: no required module provides package github.com/spf13/viper; to add it:\n	go get github.com/spf13/viper",
    resolution: "go get the package (or go mod tidy)"
  },
  {
    id: "gradle-java-version",
    tool: "gradle",
    stored: "Unsupported class file major version 65",
    query: "BUG! exception in phase 'semantic analysis' in source unit '_BuildScript_' Unsupported class file major version 66",
    resolution: "run Gradle with a JDK it supports (JAVA_HOME to JDK 17)"
  },
  {
    id: "ruby-gem-missing",
    tool: "ruby",
    stored: "Could not find gem 'rails (~> 7.0)' in locally installed gems.",
    query: "Could not find gem 'pg (>= 1.1)' in locally installed gems.\nRun `bundle install` to install missing gems.",
    resolution: "bundle install"
  },
  {
    id: "kubectl-context",
    tool: "kubectl",
    stored: "error: You must be logged in to the server (Unauthorized)",
    query: "E0312 10:21:33.123456   12345 memcache.go:265] couldn't get current server API group list: the server has asked for the client to provide credentials\nerror: You must be logged in to the server (the server has asked for the client to provide credentials)",
    resolution: "refresh the cluster credentials (aws eks update-kubeconfig / gcloud get-credentials)"
  },
  {
    id: "terraform-lock",
    tool: "terraform",
    stored: "Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException: The conditional request failed",
    query: "Error: Error acquiring the state lock\n\nError message: resource temporarily unavailable\nLock Info:\n  ID:        5c1f7c2e-0f0a-4f7e-9a43-2b1f6d0f7f11",
    resolution: "wait for the other run, or terraform force-unlock ID"
  },
  {
    id: "php-memory",
    tool: "php",
    stored: "PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes) in /var/www/vendor/x.php on line 12",
    query: "Fatal error: Allowed memory size of 536870912 bytes exhausted (tried to allocate 4096 bytes) in /app/src/Kernel.php on line 301",
    resolution: "php -d memory_limit=-1 (or raise memory_limit)"
  },
  {
    id: "vite-port",
    tool: "vite",
    stored: "error when starting dev server:\nError: Port 5173 is already in use",
    query: "error when starting dev server:\nError: Port 3000 is already in use\n    at Server.onError (file:///app/node_modules/vite/dist/node/chunks/dep.js:1:1)",
    resolution: "stop the other dev server or pass --port"
  },
  {
    id: "jest-timeout",
    tool: "jest",
    stored: 'thrown: "Exceeded timeout of 5000 ms for a test.\nAdd a timeout value to this test to increase the timeout, if this is a long-running test."',
    query: '  \u25CF api \u203A creates a user\n\n    thrown: "Exceeded timeout of 10000 ms for a hook.',
    resolution: "await the promise (or raise the timeout with jest.setTimeout)"
  },
  {
    id: "pip-build-wheel",
    tool: "pip",
    stored: "ERROR: Failed building wheel for psycopg2",
    query: "ERROR: Failed building wheel for lxml\nFailed to build lxml\nERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects",
    resolution: "install the -binary package or the system headers (libpq-dev, libxml2-dev)"
  },
  {
    id: "git-detached",
    tool: "git",
    stored: "fatal: You are not currently on a branch.\nTo push the history leading to the current (detached HEAD)\nstate now, use\n\n    git push origin HEAD:<name-of-remote-branch>",
    query: "fatal: You are not currently on a branch.",
    resolution: "git switch -c a-branch, then push"
  },
  {
    id: "cargo-lock-version",
    tool: "cargo",
    stored: "error: failed to parse lock file at: /app/Cargo.lock\n\nCaused by:\n  lock file version 4 requires `-Znext-lockfile-bump`",
    query: "error: failed to parse lock file at: /home/u/p/Cargo.lock",
    resolution: "rustup update (the lock file was written by a newer cargo)"
  },
  {
    id: "node-openssl",
    tool: "node",
    stored: "Error: error:0308010C:digital envelope routines::unsupported",
    query: "opensslErrorStack: [ 'error:03000086:digital envelope routines::initialization error' ],\nError: error:0308010C:digital envelope routines::unsupported\n    at new Hash (node:internal/crypto/hash:69:19)",
    resolution: "NODE_OPTIONS=--openssl-legacy-provider (or upgrade webpack)"
  },
  {
    id: "dotnet-sdk",
    tool: "dotnet",
    stored: "error NETSDK1045: The current .NET SDK does not support targeting .NET 8.0.",
    query: "/app/App.csproj : error NETSDK1045: The current .NET SDK does not support targeting .NET 9.0.  Either target .NET 8.0 or lower, or use a version of the .NET SDK that supports .NET 9.0.",
    resolution: "install the newer .NET SDK (global.json)"
  },
  {
    id: "docker-compose-v1",
    tool: "docker",
    stored: "docker-compose: command not found",
    query: "bash: docker-compose: command not found",
    resolution: "use `docker compose` (v2 plugin)"
  }
];
var EARLIER_UNRELATED = [
  './main.go:9:2: "fmt" imported and not used',
  "error: You have not concluded your merge (MERGE_HEAD exists).",
  "Error: Invalid value for input variable",
  'PHP Warning:  Undefined array key "id" in /var/www/index.php on line 4',
  "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements-dev.txt'",
  "Error: Port must be a number",
  "Cannot find gem for the platform x86_64-linux",
  "error: failed to load manifest for workspace member `/app/crates/core`",
  "fatal: You are in the middle of an am session.",
  "error NU1101: Unable to find package Newtonsoft.Jsonx. No packages exist with this id in source(s): nuget.org",
  "Jest did not exit one second after the test run has completed.",
  "kubectl: command not found",
  "TypeError: Cannot convert undefined or null to object",
  "Error: getaddrinfo ENOTFOUND registry.example.com"
];
var MORE_PAIRS = [
  // webpack / vite
  pair(
    "t-webpack-not-exported",
    "webpack",
    "Module not found: Error: Package path ./client is not exported from package /app/node_modules/react-dom (see exports field in /app/node_modules/react-dom/package.json)",
    "Exit code 1\nERROR in ./src/main.js 3:0-45\nModule not found: Error: Package path ./lib/utils is not exported from package /home/u/site/node_modules/uuid (see exports field in /home/u/site/node_modules/uuid/package.json)",
    "import the entry point the package exports (see its exports field), or upgrade the package"
  ),
  pair(
    "t-vite-optimize-dep",
    "webpack",
    "Error: The following dependencies are imported but could not be resolved:\n\n  dayjs (imported by /app/src/utils/date.ts)\n\nAre they installed?",
    "Exit code 1\nError: The following dependencies are imported but could not be resolved:\n\n  zod (imported by /home/x/site/src/forms/schema.ts)\n\nAre they installed?",
    "npm install the listed dependencies"
  ),
  pair(
    "t-webpack-config-invalid",
    "webpack",
    "[webpack-cli] Invalid configuration object. Webpack has been initialized using a configuration object that does not match the API schema.\n - configuration has an unknown property 'devserver'.",
    "Exit code 2\n[webpack-cli] Invalid configuration object. Webpack has been initialized using a configuration object that does not match the API schema.\n - configuration.module.rules[2] has an unknown property 'loaders'.",
    "fix the property name in webpack.config.js to what the schema lists"
  ),
  // ssl / curl
  pair(
    "t-ssl-expired",
    "ssl",
    "curl: (60) SSL certificate problem: certificate has expired",
    "Exit code 60\ncurl: (60) SSL certificate problem: certificate has expired\nMore details here: https://curl.se/docs/sslcerts.html",
    "renew the server certificate (or fix the machine clock)"
  ),
  pair(
    "t-curl-timeout",
    "ssl",
    "curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received",
    "Exit code 28\ncurl: (28) Operation timed out after 10000 milliseconds with 0 out of 0 bytes received",
    "the server does not answer: check it is up and reachable (firewall, proxy)"
  ),
  pair(
    "t-ssl-wrong-version",
    "ssl",
    "curl: (35) error:0A00010B:SSL routines::wrong version number",
    "Exit code 1\nrequests.exceptions.SSLError: HTTPSConnectionPool(host='localhost', port=8000): Max retries exceeded with url: /api (Caused by SSLError(SSLError(1, '[SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1006)')))",
    "the server speaks plain HTTP on that port: use http:// (or the TLS port)"
  ),
  // databases
  pair(
    "t-pg-db-missing",
    "db",
    'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  database "app_dev" does not exist',
    'Exit code 2\nFATAL:  database "shop_test" does not exist',
    "createdb <name> (or fix the database name in the connection string)"
  ),
  pair(
    "t-sqlite-readonly",
    "db",
    "sqlite3.OperationalError: attempt to write a readonly database",
    "Exit code 1\nSqliteError: attempt to write a readonly database\n    at Statement.run (/app/node_modules/better-sqlite3/lib/methods/wrappers.js:4:12)",
    "give the process write access to the database file and its folder"
  ),
  pair(
    "t-pg-column-missing",
    "db",
    'ERROR:  column "created_at" does not exist\nLINE 1: SELECT id, created_at FROM posts',
    'Exit code 1\nerror: column "updatedAt" does not exist\n    at Parser.parseErrorMessage (/srv/node_modules/pg-protocol/dist/parser.js:283:98)',
    "run the migration that adds the column, or quote/rename it to what the table has"
  ),
  // shells
  pair(
    "t-sh-event-not-found",
    "shell",
    "bash: !Secret1: event not found",
    'Exit code 1\nzsh: event not found: world"',
    "quote the text with single quotes (history expansion of !)"
  ),
  pair(
    "t-sh-cmd-not-found",
    "shell",
    "bash: tsc: command not found",
    "Exit code 127\nzsh: command not found: tsc",
    "use npx tsc (the binary lives in node_modules/.bin)"
  ),
  pair(
    "t-sh-cr-interpreter",
    "shell",
    "/bin/bash^M: bad interpreter: No such file or directory",
    "Exit code 126\nbash: ./deploy.sh: /bin/bash^M: bad interpreter: No such file or directory",
    "convert the script to LF line endings (dos2unix)"
  ),
  // make / cmake / gcc
  pair(
    "t-make-no-rule",
    "c",
    "make: *** No rule to make target 'install'.  Stop.",
    "Exit code 2\nmake: *** No rule to make target `test'.  Stop.",
    "the Makefile has no such target: run make help or pick an existing one"
  ),
  pair(
    "t-gcc-no-such-header",
    "c",
    "src/main.c:3:10: fatal error: curl/curl.h: No such file or directory\ncompilation terminated.",
    "Exit code 1\nlib/http.c:12:10: fatal error: openssl/ssl.h: No such file or directory\n   12 | #include <openssl/ssl.h>\n      |          ^~~~~~~~~~~~~~~\ncompilation terminated.",
    "install the -dev package of the library (libcurl4-openssl-dev, libssl-dev)"
  ),
  pair(
    "t-cmake-compiler",
    "c",
    "CMake Error at CMakeLists.txt:2 (project):\n  No CMAKE_CXX_COMPILER could be found.",
    'Exit code 1\nCMake Error at CMakeLists.txt:5 (project):\n  No CMAKE_C_COMPILER could be found.\n\n  Tell CMake where to find the compiler by setting either the environment\n  variable "CC" or the CMake cache entry CMAKE_C_COMPILER',
    "install a compiler (build-essential / xcode-select --install)"
  ),
  // ruby
  pair(
    "t-bundler-version",
    "ruby",
    "Could not find 'bundler' (2.4.10) required by your /app/Gemfile.lock. (Gem::GemNotFoundException)",
    "Exit code 1\n/usr/lib/ruby/3.1.0/rubygems.rb:265:in `find_spec_for_exe': Could not find 'bundler' (2.5.3) required by your /home/u/site/Gemfile.lock. (Gem::GemNotFoundException)",
    "gem install bundler -v <the version in Gemfile.lock>"
  ),
  pair(
    "t-ruby-uninitialized-constant",
    "ruby",
    "NameError: uninitialized constant UsersController::UserSerializer",
    "Exit code 1\napp/jobs/sync_job.rb:4:in `perform': uninitialized constant SyncJob::ApiClient (NameError)",
    "require the file or fix the class name/namespace (autoload path)"
  ),
  // claude code tools
  pair(
    "t-cc-not-read",
    "claude",
    "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
    "File has not been read yet. Read it first before writing to it.",
    "Read the file, then Edit/Write it"
  ),
  pair(
    "t-cc-timeout",
    "claude",
    "Command timed out after 2m 0.0s",
    "Command timed out after 10m 0s\n> jest --watch",
    "run it in the background (run_in_background) or without watch mode, or raise the timeout"
  ),
  pair(
    "t-cc-file-missing",
    "claude",
    "<tool_use_error>File does not exist.</tool_use_error>",
    "File does not exist. Did you mean src/index.tsx?",
    "Glob for the file first; the path is wrong"
  ),
  // java / gradle
  pair(
    "t-gradle-daemon-jvm",
    "java",
    "FAILURE: Build failed with an exception.\n\n* What went wrong:\nCould not open init generic class cache for initialization script",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nCould not open cp_init generic class cache for initialization script '/home/u/.gradle/init.gradle'",
    "the Gradle version is too old for this JDK: upgrade the wrapper (gradle wrapper --gradle-version \u2026)"
  ),
  pair(
    "t-mvn-java-release",
    "java",
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project api: Fatal error compiling: error: invalid target release: 17",
    "Exit code 1\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.1:compile (default-compile) on project shop: Fatal error compiling: error: release version 21 not supported",
    "build with a JDK at least as new as the target release (JAVA_HOME)"
  ),
  // go
  pair(
    "t-go-missing-return",
    "go",
    "./calc.go:12:1: missing return",
    "Exit code 1\n# example.com/calc/internal/sum\ninternal/sum/sum.go:30:1: missing return",
    "return a value on every path of the function"
  ),
  pair(
    "t-go-nil-pointer",
    "go",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]",
    "Exit code 2\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x2 addr=0x18 pc=0x10293f4]\n\ngoroutine 1 [running]:",
    "a pointer is nil where it is used: initialise it or check it first"
  ),
  // docker
  pair(
    "t-docker-permission",
    "docker",
    'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get "http://%2Fvar%2Frun%2Fdocker.sock/v1.24/containers/json": dial unix /var/run/docker.sock: connect: permission denied',
    'Exit code 1\npermission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Post "http://%2Fvar%2Frun%2Fdocker.sock/v1.45/build?buildargs=%7B%7D": dial unix /var/run/docker.sock: connect: permission denied',
    "add the user to the docker group (then log in again)"
  ),
  // python / pytest / cargo / git / npm / tsc
  pair(
    "t-py-attr-module",
    "python",
    "AttributeError: module 'numpy' has no attribute 'float'",
    `Exit code 1
Traceback (most recent call last):
  File "/app/train.py", line 8, in <module>
    x = np.int(3)
AttributeError: module 'numpy' has no attribute 'int'.`,
    "numpy removed the aliases: use the builtin (float, int) or np.float64"
  ),
  pair(
    "t-pytest-fixture-scope",
    "pytest",
    "ScopeMismatch: You tried to access the function scoped fixture tmp_path with a session scoped request object",
    "Exit code 1\nE       ScopeMismatch: You tried to access the function scoped fixture monkeypatch with a module scoped request object. Requesting fixture stack:",
    "use a fixture of the same or wider scope (tmp_path_factory, MonkeyPatch.context)"
  ),
  pair(
    "t-cargo-edition",
    "cargo",
    "error: failed to parse manifest at `/app/Cargo.toml`\n\nCaused by:\n  feature `edition2021` is required",
    "Exit code 101\nerror: failed to parse manifest at `/home/b/tool/Cargo.toml`\n\nCaused by:\n  feature `edition2024` is required",
    "update the Rust toolchain (rustup update)"
  ),
  pair(
    "t-git-would-clobber",
    "git",
    "error: The following untracked working tree files would be overwritten by checkout:\n	src/config.json\nPlease move or remove them before you switch branches.",
    "Exit code 1\nerror: The following untracked working tree files would be overwritten by merge:\n	docs/setup.md\n	docs/api.md\nPlease move or remove them before you merge.",
    "move the untracked files aside (or commit them), then retry"
  ),
  pair(
    "t-npm-peer-override",
    "npm",
    "npm WARN ERESOLVE overriding peer dependency\nnpm WARN While resolving: eslint-plugin-react@7.33.2",
    "npm warn ERESOLVE overriding peer dependency\nnpm warn While resolving: @typescript-eslint/parser@6.21.0\nnpm warn Found: typescript@5.4.5",
    "align the peer versions (or accept the override if the build works)"
  )
];
var MORE_UNRELATED = [
  "Exit code 1\nnpm error code ETARGET\nnpm error notarget No matching version found for left-pad@^9.0.0.",
  "curl: (22) The requested URL returned error: 403",
  'ERROR:  syntax error at or near "FROM"\nLINE 1: SELECT , FROM t',
  "bash: syntax error near unexpected token `)'",
  "CMake Warning:\n  Manually-specified variables were not used by the project:\n\n    CMAKE_TOOLCHAIN_FILE"
];
var NEAR_MISS_UNRELATED = [
  "npm error code ENOENT\nnpm error syscall spawn git\nnpm error path git\nnpm error errno -2\nnpm error enoent An unknown git error occurred",
  "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! app@1.0.0 start: `node server.js`",
  "npm error code EBADENGINE\nnpm error engine Unsupported engine",
  "npm ERR! code ECONNRESET\nnpm ERR! network aborted",
  // (replaced "TypeError: Cannot read properties of null (reading 'addEventListener')": it has the
  // key of pair node-read-undefined's query, so it was the same error by the seed's definition)
  "TypeError: Cannot destructure property 'data' of 'undefined' as it is undefined.",
  "TypeError: Assignment to constant variable.",
  "RangeError: Maximum call stack size exceeded",
  "src/store.ts(9,3): error TS2531: Object is possibly 'null'.",
  `src/a.ts(1,10): error TS2305: Module '"./types"' has no exported member 'User'.`,
  "error TS5023: Unknown compiler option 'moduleResolutionX'.",
  "[vite] hmr update failed: SyntaxError: Unexpected token",
  "ERROR in ./src/index.ts\nModule build failed (from ./node_modules/ts-loader/index.js):\nError: TypeScript emitted no output for /app/src/index.ts.",
  "webpack 5.90.0 compiled with 2 warnings in 3412 ms",
  "NameError: name 'pd' is not defined",
  "IndexError: list index out of range",
  "FileNotFoundError: [Errno 2] No such file or directory: 'config.yaml'",
  "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed.",
  "FAILED tests/test_api.py::test_login - AssertionError: 401 != 200",
  "E   SyntaxError: invalid syntax",
  "./server.go:14:6: main redeclared in this block",
  "panic: runtime error: index out of range [5] with length 5",
  "go: cannot find main module, but found .git/config in /home/u/x",
  "error[E0599]: no method named `unwrap_or_default` found for enum `Result` in the current scope",
  "error: package `clap v4.5.0` cannot be built because it requires rustc 1.74 or newer",
  "fatal: not a valid object name: 'main'",
  "fatal: destination path 'app' already exists and is not an empty directory.",
  "CONFLICT (modify/delete): src/a.ts deleted in HEAD and modified in feature.",
  "curl: (56) Recv failure: Connection reset by peer",
  "curl: (3) URL using bad/illegal format or missing URL",
  "ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Hostname mismatch",
  "ERROR:  permission denied for table users",
  'sqlite3.OperationalError: near "FROM": syntax error',
  'psql: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: FATAL:  role "root" does not exist',
  "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
  "bash: line 1: cd: /opt/app: No such file or directory",
  "zsh: no matches found: *.log",
  "/bin/sh: 1: [[: not found",
  "Error response from daemon: No such container: web-1",
  "docker: invalid reference format.",
  'Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection',
  "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.2:test (default-test) on project api: No tests matching pattern were executed!",
  'Exception in thread "main" java.lang.IllegalArgumentException: port out of range:70000',
  "* What went wrong:\nExecution failed for task ':app:compileJava'.\n> invalid source release: 21",
  "make: *** [Makefile:12: all] Error 2",
  "gcc: error: unrecognized command-line option '-std=c++23'",
  'CMake Error: The source directory "/home/u/app/build" does not appear to contain CMakeLists.txt.',
  "undefined method `each' for an instance of Integer (NoMethodError)",
  "Bundler::GemfileNotFound: Could not locate Gemfile",
  "rake aborted!\nDon't know how to build task 'db:seed_fu'",
  "<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>",
  "This command requires approval",
  "EISDIR: illegal operation on a directory, read"
];
var THIRD_PAIRS = [
  pair(
    "t3-pip-not-found-cmd",
    "python",
    "bash: pip: command not found",
    "Exit code 127\nzsh: command not found: pip",
    "use python3 -m pip (or install pip / activate the virtualenv)"
  ),
  pair(
    "t3-go-build-constraints",
    "go",
    "package example.com/app/cmd: build constraints exclude all Go files in /home/u/app/cmd",
    "Exit code 1\npackage ./internal/win: build constraints exclude all Go files in /Users/k/src/tool/internal/win",
    "the files are for another OS/arch or behind a build tag: set GOOS/-tags or build another package"
  ),
  pair(
    "t3-git-ssh-denied",
    "git",
    "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.",
    "Exit code 128\nERROR: Permission to acme/site.git denied to bot-user.\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "add the SSH key to the account (ssh -T git@github.com) or use a token with access"
  ),
  pair(
    "t3-ssl-handshake",
    "ssl",
    "curl: (35) OpenSSL/3.0.2: error:0A000410:SSL routines::sslv3 alert handshake failure",
    "Exit code 35\ncurl: (35) error:0A000410:SSL routines::ssl/tls alert handshake failure",
    "the server needs another TLS version/cipher or a client certificate"
  ),
  pair(
    "t3-pg-too-many-clients",
    "db",
    "FATAL:  sorry, too many clients already",
    "Exit code 1\nerror: sorry, too many clients already\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)",
    "use a connection pool with a limit (or raise max_connections)"
  ),
  pair(
    "t3-docker-build-context",
    "docker",
    "ERROR: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory",
    "Exit code 1\nERROR: failed to solve: failed to read dockerfile: open /var/lib/docker/tmp/buildkit-mount123/Dockerfile.prod: no such file or directory",
    "run docker build from the folder with the Dockerfile, or pass -f path/to/Dockerfile"
  ),
  pair(
    "t3-java-no-main-manifest",
    "java",
    "no main manifest attribute, in target/app-1.0.jar",
    "Exit code 1\nno main manifest attribute, in /home/u/svc/build/libs/svc-0.3.1-SNAPSHOT.jar",
    "set Main-Class in the jar manifest (maven-jar-plugin / gradle jar { manifest })"
  ),
  pair(
    "t3-gcc-multiple-definition",
    "c",
    "/usr/bin/ld: obj/b.o:(.bss+0x0): multiple definition of `counter'; obj/a.o:(.bss+0x0): first defined here",
    "Exit code 1\n/usr/bin/ld: build/util.o:/home/u/c/util.h:3: multiple definition of `config'; build/main.o:/home/u/c/util.h:3: first defined here\ncollect2: error: ld returned 1 exit status",
    "declare it extern in the header and define it in one .c file"
  ),
  pair(
    "t3-ruby-syntax-end",
    "ruby",
    "app/models/order.rb:42: syntax error, unexpected end-of-input, expecting `end'",
    "Exit code 1\nlib/tasks/import.rake:17: syntax error, unexpected end-of-input, expecting `end' (SyntaxError)",
    "a block is not closed: add the missing end"
  ),
  pair(
    "t3-webpack-export-not-found",
    "webpack",
    "export 'useQuery' (imported as 'useQuery') was not found in 'react-query' (possible exports: QueryClient, QueryClientProvider)",
    "Exit code 1\nWARNING in ./src/hooks/data.js 4:9-17\nexport 'default' (imported as 'axios') was not found in 'axios' (module has no exports)",
    "import a name the module exports (named vs default), or fix the package version"
  ),
  pair(
    "t3-npm-ci-lock",
    "npm",
    "npm ERR! `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.",
    "Exit code 1\nnpm error code EUSAGE\nnpm error\nnpm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.\nnpm error\nnpm error Missing: zod@3.23.8 from lock file",
    "run npm install to update package-lock.json, commit it, then npm ci"
  ),
  pair(
    "t3-tsc-cannot-write",
    "tsc",
    "error TS5055: Cannot write file '/app/dist/index.d.ts' because it would overwrite input file.",
    "Exit code 2\nerror TS5055: Cannot write file '/home/u/lib/build/types.d.ts' because it would overwrite input file.\n  Adding a tsconfig.json file will help organize projects that contain both TypeScript and JavaScript files.",
    'exclude the output folder in tsconfig.json (exclude: ["dist"]) or set outDir/declarationDir elsewhere'
  )
];
var PAIRS = [...FIRST_PAIRS, ...EARLIER_PAIRS, ...MORE_PAIRS, ...THIRD_PAIRS];
var UNRELATED = [
  ...FIRST_UNRELATED,
  ...EARLIER_UNRELATED,
  ...MORE_UNRELATED,
  ...NEAR_MISS_UNRELATED
];

// bench/retrieval/tuning-2.ts
var TUNING2_PAIRS = [
  // npm / node
  pair(
    "h-npm-enoent-pkgjson",
    "npm",
    "npm ERR! code ENOENT\nnpm ERR! syscall open\nnpm ERR! path /home/ana/work/site/package.json\nnpm ERR! errno -2\nnpm ERR! enoent ENOENT: no such file or directory, open '/home/ana/work/site/package.json'",
    "Exit code 254\nnpm error code ENOENT\nnpm error syscall open\nnpm error path /Users/bo/dev/api/package.json\nnpm error errno -2\nnpm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/Users/bo/dev/api/package.json'",
    "run npm in the folder that holds package.json (cd into the project)"
  ),
  pair(
    "h-npm-missing-script",
    "npm",
    'npm ERR! Missing script: "build"\nnpm ERR! \nnpm ERR! To see a list of scripts, run:\nnpm ERR!   npm run',
    'Exit code 1\nnpm error Missing script: "lint:fix"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run',
    'add the script to package.json "scripts", or run one that exists (npm run)'
  ),
  pair(
    "h-node-not-a-function",
    "npm",
    "TypeError: app.listen is not a function\n    at Object.<anonymous> (/srv/api/index.js:22:5)",
    "Exit code 1\n/home/u/proj/server.js:40\n  router.use(cors());\n         ^\n\nTypeError: router.use is not a function\n    at Object.<anonymous> (/home/u/proj/server.js:40:10)\n\nNode.js v20.11.1",
    "the import gives something else than expected: check the export (default vs named) of the module"
  ),
  pair(
    "h-node-err-require-esm",
    "npm",
    "Error [ERR_REQUIRE_ESM]: require() of ES Module /app/node_modules/node-fetch/src/index.js from /app/lib/http.js not supported.",
    "Exit code 1\nError [ERR_REQUIRE_ESM]: require() of ES Module /Users/kim/x/node_modules/chalk/source/index.js from /Users/kim/x/cli.js not supported.\nInstead change the require of index.js in /Users/kim/x/cli.js to a dynamic import() which is available in all CommonJS modules.",
    "use a dynamic import(), switch the project to ESM, or pin the last CommonJS version of the package"
  ),
  // TypeScript
  pair(
    "h-ts2345",
    "tsc",
    "src/api/users.ts(31,18): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.",
    "Exit code 2\nsrc/routes/order.ts(8,41): error TS2345: Argument of type 'number | null' is not assignable to parameter of type 'number'.\n\nFound 1 error in src/routes/order.ts:8",
    "narrow the value (a check or a default) before passing it"
  ),
  pair(
    "h-ts2554",
    "tsc",
    "src/lib/math.ts(14,3): error TS2554: Expected 2 arguments, but got 1.",
    "Exit code 2\napp/services/mailer.ts(77,12): error TS2554: Expected 1-2 arguments, but got 3.",
    "call the function with the parameters its signature declares"
  ),
  pair(
    "h-ts1259",
    "tsc",
    `src/index.ts(1,8): error TS1259: Module '"/app/node_modules/@types/express/index"' can only be default-imported using the 'esModuleInterop' flag`,
    `Exit code 2
server/main.ts(2,8): error TS1259: Module '"/home/dev/svc/node_modules/@types/react/index"' can only be default-imported using the 'esModuleInterop' flag`,
    'set "esModuleInterop": true in tsconfig.json (or import * as x)'
  ),
  pair(
    "h-ts2741",
    "tsc",
    "src/App.tsx(18,6): error TS2741: Property 'onClose' is missing in type '{ title: string; }' but required in type 'ModalProps'.",
    "Exit code 2\nsrc/pages/Home.tsx(52,10): error TS2741: Property 'items' is missing in type '{}' but required in type 'ListProps'.",
    "pass the required prop, or make it optional in the props type"
  ),
  // webpack / vite
  pair(
    "h-vite-failed-resolve",
    "webpack",
    '[vite]: Rollup failed to resolve import "axios" from "src/api/client.ts".\nThis is most likely unintended because it can break your application at runtime.',
    'Exit code 1\nerror during build:\n[vite]: Rollup failed to resolve import "@tanstack/react-query" from "/home/me/web/src/main.tsx".\nThis is most likely unintended because it can break your application at runtime.',
    "install the missing dependency (npm i <pkg>) or fix the import path"
  ),
  pair(
    "h-webpack-loader",
    "webpack",
    "ERROR in ./src/styles/main.scss 1:0\nModule parse failed: Unexpected character '@' (1:0)\nYou may need an appropriate loader to handle this file type, currently no loaders are configured to process this file.",
    "Exit code 2\nERROR in ./src/assets/logo.svg 1:0\nModule parse failed: Unexpected token (1:0)\nYou may need an appropriate loader to handle this file type, currently no loaders are configured to process this file. See https://webpack.js.org/concepts#loaders",
    "add a loader rule for that file type in webpack.config.js (sass-loader, @svgr/webpack\u2026)"
  ),
  pair(
    "h-vite-pre-transform",
    "webpack",
    '[plugin:vite:import-analysis] Failed to resolve import "./components/Header" from "src/App.jsx". Does the file exist?',
    'Exit code 1\n[plugin:vite:import-analysis] Failed to resolve import "../utils/format" from "src/views/Dashboard.vue". Does the file exist?',
    "the imported file is missing or misspelled: fix the relative path or the extension"
  ),
  pair(
    "h-webpack-polyfill",
    "webpack",
    "Module not found: Error: Can't resolve 'crypto' in '/app/node_modules/jsonwebtoken/lib'\n\nBREAKING CHANGE: webpack < 5 used to include polyfills for node.js core modules by default.",
    "Exit code 1\nERROR in ./node_modules/bcryptjs/dist/bcrypt.js 64:13-45\nModule not found: Error: Can't resolve 'stream' in '/Users/li/shop/node_modules/bcryptjs/dist'\n\nBREAKING CHANGE: webpack < 5 used to include polyfills for node.js core modules by default.",
    "add resolve.fallback for the node core module (or use a browser build of the library)"
  ),
  // python / pip
  pair(
    "h-py-keyerror-env",
    "python",
    `Traceback (most recent call last):
  File "/srv/app/settings.py", line 12, in <module>
    SECRET = os.environ["SECRET_KEY"]
  File "/usr/lib/python3.10/os.py", line 680, in __getitem__
    raise KeyError(key) from None
KeyError: 'SECRET_KEY'`,
    `Exit code 1
Traceback (most recent call last):
  File "/home/d/bot/main.py", line 5, in <module>
    token = os.environ['TELEGRAM_TOKEN']
  File "<frozen os>", line 714, in __getitem__
KeyError: 'TELEGRAM_TOKEN'`,
    "set the environment variable (export or .env) or use os.environ.get with a default"
  ),
  pair(
    "h-pip-resolution-impossible",
    "python",
    "ERROR: Cannot install -r requirements.txt (line 4) and requests==2.25.0 because these package versions have conflicting dependencies.\nERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/",
    "Exit code 1\nERROR: Cannot install fastapi==0.110.0 and pydantic==1.10.2 because these package versions have conflicting dependencies.\n\nThe conflict is caused by:\n    The user requested pydantic==1.10.2\n    fastapi 0.110.0 depends on pydantic!=1.8, >=1.7.4\nERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts",
    "loosen the pinned versions so the requirements agree"
  ),
  pair(
    "h-py-typeerror-args",
    "python",
    "TypeError: __init__() takes 2 positional arguments but 3 were given",
    'Exit code 1\nTraceback (most recent call last):\n  File "run.py", line 30, in <module>\n    w = Worker(cfg, queue)\nTypeError: Worker.__init__() takes 2 positional arguments but 3 were given',
    "call it with the arguments its signature takes (or add the parameter)"
  ),
  pair(
    "h-py-venv-missing",
    "python",
    "bash: .venv/bin/activate: No such file or directory",
    "Exit code 1\nzsh: no such file or directory: venv/bin/activate",
    "create the virtualenv first: python3 -m venv .venv"
  ),
  // pytest
  pair(
    "h-pytest-import-error",
    "pytest",
    "ImportError while importing test module '/repo/tests/test_api.py'.\nHint: make sure your test modules/packages have valid Python names.\nTraceback:\ntests/test_api.py:3: in <module>\n    from app.api import create_app\nE   ModuleNotFoundError: No module named 'app'",
    "Exit code 2\n==================================== ERRORS ====================================\n____________________ ERROR collecting tests/unit/test_models.py ____________________\nImportError while importing test module '/home/ci/build/tests/unit/test_models.py'.\nHint: make sure your test modules/packages have valid Python names.\nE   ModuleNotFoundError: No module named 'src'",
    "run pytest from the project root with the package importable (pip install -e . or pythonpath in pytest.ini)"
  ),
  pair(
    "h-pytest-assert-eq",
    "pytest",
    "E       AssertionError: assert 3 == 4\nE        +  where 3 = len([1, 2, 3])",
    "Exit code 1\n>       assert total == 250\nE       AssertionError: assert 240 == 250",
    "the computed value differs from the expected one: fix the code (or the expectation)"
  ),
  pair(
    "h-pytest-no-tests",
    "pytest",
    "============================ no tests ran in 0.01s =============================",
    "Exit code 5\n=================== no tests ran in 0.12s ===================",
    "name test files test_*.py and test functions test_* (or point pytest at the right folder)"
  ),
  pair(
    "h-pytest-unknown-mark",
    "pytest",
    "PytestUnknownMarkWarning: Unknown pytest.mark.slow - is this a typo?  You can register custom marks to avoid this warning",
    "Exit code 1\ntests/test_io.py:12: PytestUnknownMarkWarning: Unknown pytest.mark.integration - is this a typo?  You can register custom marks to avoid this warning - for details, see https://docs.pytest.org/en/stable/how-to/mark.html",
    "register the mark under [tool.pytest.ini_options] markers in pyproject.toml"
  ),
  // go
  pair(
    "h-go-declared-unused",
    "go",
    "./handler.go:17:2: declared and not used: resp",
    "Exit code 1\n# example.com/svc/internal/db\ninternal/db/conn.go:44:3: declared and not used: err",
    "use the variable or remove it (or assign it to _)"
  ),
  pair(
    "h-go-nil-map",
    "go",
    "panic: assignment to entry in nil map\n\ngoroutine 1 [running]:\nmain.main()\n	/app/main.go:9 +0x1d",
    "Exit code 2\npanic: assignment to entry in nil map\n\ngoroutine 7 [running]:\nexample.com/cache.(*Store).Put(...)\n	/home/u/cache/store.go:31 +0x58",
    "initialise the map with make(map[K]V) before writing to it"
  ),
  pair(
    "h-go-mod-tidy",
    "go",
    "go: updates to go.mod needed; to update it:\n	go mod tidy",
    "Exit code 1\ngo: updates to go.mod needed; to update it:\n	go mod tidy",
    "run go mod tidy"
  ),
  pair(
    "h-go-cannot-use",
    "go",
    "./main.go:21:14: cannot use count (variable of type int) as string value in argument to fmt.Println",
    "Exit code 1\n# example.com/api\napi/user.go:58:19: cannot use id (variable of type int64) as int value in argument to store.Get",
    "convert the value to the expected type (strconv, int(x)\u2026)"
  ),
  // cargo / rustc
  pair(
    "h-rust-e0277",
    "cargo",
    "error[E0277]: the trait bound `Config: Serialize` is not satisfied\n  --> src/main.rs:12:5",
    "Exit code 101\nerror[E0277]: the trait bound `User: serde::Deserialize<'_>` is not satisfied\n    --> src/api/handlers.rs:88:17\n     |\n88   |     let u: User = serde_json::from_str(&body)?;",
    "derive or implement the trait for the type (#[derive(Serialize, Deserialize)])"
  ),
  pair(
    "h-rust-e0502",
    "cargo",
    "error[E0502]: cannot borrow `v` as mutable because it is also borrowed as immutable\n --> src/lib.rs:8:5",
    "Exit code 101\nerror[E0502]: cannot borrow `self.items` as mutable because it is also borrowed as immutable\n   --> src/store.rs:41:9",
    "end the immutable borrow before the mutable one (clone, collect, or restructure)"
  ),
  pair(
    "h-cargo-no-matching-package",
    "cargo",
    "error: no matching package named `serde_jsn` found\nlocation searched: registry `crates-io`\nrequired by package `app v0.1.0 (/home/a/app)`",
    "Exit code 101\n    Updating crates.io index\nerror: no matching package named `tokio-utils` found\nlocation searched: registry `crates-io`\nrequired by package `worker v0.3.2 (/Users/b/src/worker)`",
    "the crate name is misspelled: check it on crates.io"
  ),
  pair(
    "h-rust-unwrap-none",
    "cargo",
    "thread 'main' panicked at src/main.rs:14:37:\ncalled `Option::unwrap()` on a `None` value",
    "Exit code 101\nthread 'tokio-runtime-worker' panicked at src/config.rs:52:10:\ncalled `Option::unwrap()` on a `None` value\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "handle the None case (match, if let, ok_or) instead of unwrap"
  ),
  // git
  pair(
    "h-git-unrelated-histories",
    "git",
    "fatal: refusing to merge unrelated histories",
    "Exit code 128\nFrom github.com:acme/site\n * branch            main       -> FETCH_HEAD\nfatal: refusing to merge unrelated histories",
    "git pull origin main --allow-unrelated-histories (once, after checking the two histories)"
  ),
  pair(
    "h-git-upstream",
    "git",
    "fatal: The current branch feature/login has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin feature/login",
    "Exit code 128\nfatal: The current branch fix-123-typo has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin fix-123-typo",
    "git push -u origin <branch>"
  ),
  pair(
    "h-git-index-lock",
    "git",
    "fatal: Unable to create '/home/u/repo/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository",
    "Exit code 128\nfatal: Unable to create '/Users/x/projects/web/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository, e.g.\nan editor opened by 'git commit'.",
    "make sure no git process runs, then delete .git/index.lock"
  ),
  pair(
    "h-git-identity",
    "git",
    "Author identity unknown\n\n*** Please tell me who you are.\n\nfatal: unable to auto-detect email address (got 'root@3f2a1b.(none)')",
    `Exit code 128
Author identity unknown

*** Please tell me who you are.

Run

  git config --global user.email "you@example.com"

fatal: unable to auto-detect email address (got 'dev@laptop.localdomain')`,
    "git config user.name / user.email"
  ),
  // ssl / curl / network
  pair(
    "h-curl-resolve-host",
    "ssl",
    "curl: (6) Could not resolve host: api.internal.example",
    "Exit code 6\ncurl: (6) Could not resolve host: registry.acme.local",
    "the host name does not resolve: check the name, the VPN or /etc/hosts"
  ),
  pair(
    "h-ssl-self-signed",
    "ssl",
    "Error: self signed certificate in certificate chain\n    at TLSSocket.onConnectSecure (node:_tls_wrap:1539:34) {\n  code: 'SELF_SIGNED_CERT_IN_CHAIN'\n}",
    "Exit code 1\nnpm error code SELF_SIGNED_CERT_IN_CHAIN\nnpm error errno SELF_SIGNED_CERT_IN_CHAIN\nnpm error request to https://registry.npmjs.org/express failed, reason: self-signed certificate in certificate chain",
    "trust the proxy CA (NODE_EXTRA_CA_CERTS / npm config set cafile), never disable verification"
  ),
  pair(
    "h-ssl-name-mismatch",
    "ssl",
    "curl: (51) SSL: no alternative certificate subject name matches target host name 'api.staging.local'",
    "Exit code 60\ncurl: (60) SSL: no alternative certificate subject name matches target host name '10.20.0.4'\nMore details here: https://curl.se/docs/sslcerts.html",
    "use the host name the certificate was issued for (or reissue it with that name)"
  ),
  pair(
    "h-curl-refused",
    "ssl",
    "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Connection refused",
    "Exit code 7\ncurl: (7) Failed to connect to 127.0.0.1 port 3000 after 2 ms: Couldn't connect to server",
    "the server is not running on that port: start it (or use the right port)"
  ),
  // databases
  pair(
    "h-sqlite-locked",
    "db",
    "sqlite3.OperationalError: database is locked",
    "Exit code 1\nError: SQLITE_BUSY: database is locked\n    at Database.exec (/app/node_modules/better-sqlite3/lib/methods/wrappers.js:9:14)",
    "close the other connection or set a busy timeout / WAL mode"
  ),
  pair(
    "h-pg-relation-missing",
    "db",
    'ERROR:  relation "users" does not exist\nLINE 1: SELECT * FROM users WHERE id = 1;',
    'Exit code 1\npsycopg2.errors.UndefinedTable: relation "public.orders" does not exist\nLINE 1: INSERT INTO public.orders (id, total) VALUES (42, 10.5)',
    "run the migrations (the table has not been created yet)"
  ),
  pair(
    "h-pg-auth",
    "db",
    'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: FATAL:  password authentication failed for user "postgres"',
    'Exit code 2\npsql: error: connection to server at "db.internal" (10.1.4.7), port 6543 failed: FATAL:  password authentication failed for user "app_rw"',
    "use the right password (PGPASSWORD / .pgpass) or fix pg_hba.conf"
  ),
  pair(
    "h-sqlite-no-table",
    "db",
    "sqlite3.OperationalError: no such table: sessions",
    "Exit code 1\nError: no such table: main.migrations\n    at Database.prepare (/srv/node_modules/better-sqlite3/lib/methods/wrappers.js:5:21)",
    "create the schema first (run the migrations) or open the right database file"
  ),
  // shells
  pair(
    "h-sh-unbound-var",
    "shell",
    "./deploy.sh: line 12: DEPLOY_ENV: unbound variable",
    "Exit code 1\nscripts/release.sh: line 48: VERSION: unbound variable",
    "set the variable before the script runs, or use ${VAR:-default} under set -u"
  ),
  pair(
    "h-sh-bad-substitution",
    "shell",
    "sh: 1: Bad substitution",
    "Exit code 2\n/bin/sh: 3: Bad substitution",
    "the script uses bash syntax: run it with bash (or #!/usr/bin/env bash)"
  ),
  pair(
    "h-sh-arg-list",
    "shell",
    "bash: /usr/bin/rm: Argument list too long",
    "Exit code 126\nzsh: argument list too long: mv",
    "pass the files in batches (find \u2026 -exec \u2026 + or xargs)"
  ),
  pair(
    "h-sh-syntax-eof",
    "shell",
    "./build.sh: line 31: syntax error: unexpected end of file",
    "Exit code 2\nscripts/ci.sh: line 120: syntax error: unexpected end of file",
    "close the open if/for/quote (a missing fi, done or quote)"
  ),
  // docker
  pair(
    "h-compose-undefined-volume",
    "docker",
    'service "db" refers to undefined volume pgdata: invalid compose project',
    'Exit code 15\nservice "cache" refers to undefined volume redis-data: invalid compose project',
    "declare the named volume under the top-level volumes: key of compose.yaml"
  ),
  pair(
    "h-docker-manifest-unknown",
    "docker",
    "Error response from daemon: manifest for node:21-alpine3.99 not found: manifest unknown: manifest unknown",
    "Exit code 1\nError response from daemon: manifest for ghcr.io/acme/api:v2.4.1 not found: manifest unknown: manifest unknown",
    "the tag does not exist: pick an existing tag"
  ),
  pair(
    "h-docker-copy-not-found",
    "docker",
    'ERROR: failed to solve: failed to compute cache key: failed to calculate checksum of ref 4f1c2b: "/dist": not found',
    'Exit code 1\n => ERROR [build 6/8] COPY package-lock.json ./\nERROR: failed to solve: failed to compute cache key: failed to calculate checksum of ref moby::x9a8b7: "/package-lock.json": not found',
    "the file is not in the build context (check .dockerignore and the context folder)"
  ),
  pair(
    "h-docker-exec-format",
    "docker",
    "exec /usr/local/bin/docker-entrypoint.sh: exec format error",
    "Exit code 1\nexec /app/server: exec format error",
    "the image was built for another CPU architecture: build with --platform for this machine"
  ),
  // java / maven / gradle
  pair(
    "h-mvn-dependency-resolution",
    "java",
    "[ERROR] Failed to execute goal on project api: Could not resolve dependencies for project com.acme:api:jar:1.0-SNAPSHOT: Could not find artifact com.acme:common:jar:2.3.0 in central (https://repo.maven.apache.org/maven2)",
    "Exit code 1\n[ERROR] Failed to execute goal on project web: Could not resolve dependencies for project org.shop:web:war:0.9.1: Could not find artifact org.shop:core:jar:0.9.1 in nexus (https://nexus.shop.local/repository/maven-public/)",
    "install/publish the missing module first (mvn install in it) or fix the repository"
  ),
  pair(
    "h-java-classnotfound",
    "java",
    'Exception in thread "main" java.lang.ClassNotFoundException: com.acme.Main\n	at java.base/jdk.internal.loader.BuiltinClassLoader.loadClass(BuiltinClassLoader.java:641)',
    "Exit code 1\nError: Could not find or load main class org.demo.App\nCaused by: java.lang.ClassNotFoundException: org.demo.App",
    "build first and run with the right classpath / main class name"
  ),
  pair(
    "h-gradle-unsupported-class-version",
    "java",
    "java.lang.UnsupportedClassVersionError: com/acme/App has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0",
    "Exit code 1\nError: LinkageError occurred while loading main class Main\n	java.lang.UnsupportedClassVersionError: Main has been compiled by a more recent version of the Java Runtime (class file version 61.0), this version of the Java Runtime only recognizes class file versions up to 55.0",
    "run with the JDK the code was compiled for (or compile with --release for the older one)"
  ),
  pair(
    "h-mvn-compilation",
    "java",
    "[ERROR] /home/u/app/src/main/java/com/acme/Service.java:[42,17] cannot find symbol\n[ERROR]   symbol:   method findAll()\n[ERROR]   location: variable repo of type com.acme.Repo",
    "Exit code 1\n[ERROR] COMPILATION ERROR :\n[ERROR] /Users/k/shop/src/main/java/org/shop/Cart.java:[88,25] cannot find symbol\n  symbol:   class BigDecimal\n  location: class org.shop.Cart",
    "import or declare the missing symbol (a missing import or a renamed method)"
  ),
  // make / cmake / gcc
  pair(
    "h-gcc-undefined-reference",
    "c",
    "/usr/bin/ld: main.o: in function `main':\nmain.c:(.text+0x1e): undefined reference to `sqrt'\ncollect2: error: ld returned 1 exit status",
    "Exit code 1\n/usr/bin/ld: /tmp/ccA1b2C3.o: in function `compute':\nstats.c:(.text+0x5a): undefined reference to `pow'\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:8: stats] Error 1",
    "link the library that defines it (-lm for the math functions), after the objects"
  ),
  pair(
    "h-cmake-package-not-found",
    "c",
    'CMake Error at CMakeLists.txt:12 (find_package):\n  By not providing "FindOpenSSL.cmake" in CMAKE_MODULE_PATH this project has\n  asked CMake to find a package configuration file provided by "OpenSSL", but\n  CMake did not find one.',
    'Exit code 1\nCMake Error at src/CMakeLists.txt:30 (find_package):\n  By not providing "FindBoost.cmake" in CMAKE_MODULE_PATH this project has\n  asked CMake to find a package configuration file provided by "Boost", but\n  CMake did not find one.',
    "install the development package (libssl-dev, libboost-dev\u2026) or set <Pkg>_DIR"
  ),
  pair(
    "h-make-missing-separator",
    "c",
    "Makefile:14: *** missing separator.  Stop.",
    "Exit code 2\nbuild/rules.mk:203: *** missing separator.  Stop.",
    "indent the recipe lines with a tab, not spaces"
  ),
  pair(
    "h-gcc-implicit-declaration",
    "c",
    "src/net.c:41:9: error: implicit declaration of function 'inet_pton' [-Wimplicit-function-declaration]",
    "Exit code 1\nlib/util.c: In function 'copy':\nlib/util.c:17:5: error: implicit declaration of function \u2018strlcpy\u2019; did you mean \u2018strncpy\u2019? [-Wimplicit-function-declaration]",
    "include the header that declares it (or define it)"
  ),
  // ruby / bundler
  pair(
    "h-bundler-yanked",
    "ruby",
    "Your bundle is locked to mimemagic (0.3.5) from rubygems repository https://rubygems.org/ or installed locally, but that version can no longer be found in that source.",
    "Exit code 7\nYour bundle is locked to ffi (1.15.0) from rubygems repository https://rubygems.org/ or installed locally, but that version can no longer be found in that source. That means the author of ffi (1.15.0) has removed it.",
    "bundle update <gem> (the locked version was yanked)"
  ),
  pair(
    "h-ruby-nomethod-nil",
    "ruby",
    "app/models/user.rb:14:in `full_name': undefined method `upcase' for nil:NilClass (NoMethodError)",
    "Exit code 1\nlib/report.rb:88:in `block in render': undefined method `strftime' for nil (NoMethodError)",
    "the value is nil here: guard it (&.) or make sure it is set"
  ),
  pair(
    "h-rails-pending-migration",
    "ruby",
    "ActiveRecord::PendingMigrationError: Migrations are pending. To resolve this issue, run:\n\n        bin/rails db:migrate RAILS_ENV=development",
    "Exit code 1\nActiveRecord::PendingMigrationError:\n\n  Migrations are pending. To resolve this issue, run:\n\n          bin/rails db:migrate RAILS_ENV=test",
    "bin/rails db:migrate"
  ),
  pair(
    "h-ruby-load-error",
    "ruby",
    "/usr/lib/ruby/3.0.0/rubygems/core_ext/kernel_require.rb:85:in `require': cannot load such file -- pry (LoadError)",
    "Exit code 1\n<internal:/home/u/.rbenv/versions/3.3.0/lib/ruby/3.3.0/rubygems/core_ext/kernel_require.rb>:136:in `require': cannot load such file -- dotenv (LoadError)",
    "add the gem to the Gemfile and bundle install (or run with bundle exec)"
  ),
  // Claude Code tool errors
  pair(
    "h-cc-string-not-found",
    "claude",
    "<tool_use_error>String to replace not found in file.\nString: const port = 3000;</tool_use_error>",
    "<tool_use_error>String to replace not found in file.\nString:   return res.status(200).json({ ok: true });</tool_use_error>",
    "Read the file again and copy old_string exactly (whitespace included)"
  ),
  pair(
    "h-cc-modified-since-read",
    "claude",
    "<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>",
    "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.",
    "Read the file again, then Edit"
  ),
  pair(
    "h-cc-too-large",
    "claude",
    "File content (41230 tokens) exceeds maximum allowed tokens (25000). Please use offset and limit parameters to read specific portions of the file, or use the GrepTool to search for specific content.",
    "<tool_use_error>File content (128004 tokens) exceeds maximum allowed tokens (25000). Please use offset and limit parameters to read specific portions of the file, or use the GrepTool to search for specific content.</tool_use_error>",
    "Read with offset/limit, or Grep for the part needed"
  ),
  pair(
    "h-cc-multiple-matches",
    "claude",
    '<tool_use_error>Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: import x from "y";</tool_use_error>',
    "<tool_use_error>Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: }\n</tool_use_error>",
    "add surrounding lines to old_string so it is unique (or set replace_all)"
  ),
  // Added after the third tuning round to keep the held-out part at 40 % (fresh, never tuned on)
  pair(
    "h2-npm-eperm-unlink",
    "npm",
    "npm ERR! code EPERM\nnpm ERR! syscall unlink\nnpm ERR! path C:\\Users\\ana\\app\\node_modules\\.bin\\vite\nnpm ERR! errno -4048",
    "Exit code 1\nnpm error code EPERM\nnpm error syscall unlink\nnpm error path C:\\work\\site\\node_modules\\esbuild\\esbuild.exe\nnpm error errno -4048\nnpm error Error: EPERM: operation not permitted, unlink 'C:\\work\\site\\node_modules\\esbuild\\esbuild.exe'",
    "close the editor/dev server holding the file (Windows locks it), then npm install again"
  ),
  pair(
    "h2-py-json-decode",
    "python",
    "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/jobs/sync.py", line 41, in fetch\n    data = resp.json()\nrequests.exceptions.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
    "the response is not JSON (empty or HTML): check the status and the body before parsing"
  ),
  pair(
    "h2-go-undefined-method",
    "go",
    "./server.go:33:6: s.router.Handle undefined (type *Server has no field or method router)",
    "Exit code 1\n# example.com/shop/api\napi/cart.go:71:12: c.store.Totals undefined (type *Cart has no field or method store, but does have field Store)",
    "use the field or method the type has (exported names start with a capital letter)"
  ),
  pair(
    "h2-docker-port-allocated",
    "docker",
    "Error response from daemon: Ports are not available: exposing port TCP 0.0.0.0:5432 -> 0.0.0.0:0: listen tcp 0.0.0.0:5432: bind: address already in use",
    "Exit code 1\nError response from daemon: Ports are not available: exposing port TCP 127.0.0.1:6379 -> 0.0.0.0:0: listen tcp 127.0.0.1:6379: bind: address already in use",
    "stop what listens on that port on the host, or map another host port"
  ),
  pair(
    "h2-gradle-wrapper-missing",
    "java",
    "Error: Could not find or load main class org.gradle.wrapper.GradleWrapperMain\nCaused by: java.lang.ClassNotFoundException: org.gradle.wrapper.GradleWrapperMain",
    "Exit code 1\nError: Could not find or load main class org.gradle.wrapper.GradleWrapperMain",
    "gradle/wrapper/gradle-wrapper.jar is missing: regenerate it with gradle wrapper (and commit it)"
  ),
  pair(
    "h2-cargo-lock-poisoned",
    "cargo",
    "Blocking waiting for file lock on package cache",
    "Exit code 124\n    Blocking waiting for file lock on build directory",
    "another cargo (or rust-analyzer) is running: wait for it or stop it"
  ),
  pair(
    "h2-cc-binary",
    "claude",
    "<tool_use_error>This tool cannot read binary files. The file appears to be a binary .png file. Please use appropriate tools for binary file analysis.</tool_use_error>",
    "This tool cannot read binary files. The file appears to be a binary .sqlite file. Please use appropriate tools for binary file analysis.",
    "inspect it with a Bash tool made for that format (file, sqlite3, xxd) instead of Read"
  )
];
var TUNING2_UNRELATED = [
  "npm error code EINTEGRITY\nnpm error sha512-abc\u2026 integrity checksum failed when using sha512",
  "Exit code 1\nnpm error code E401\nnpm error Unable to authenticate, your authentication token seems to be invalid.",
  "src/index.ts(4,1): error TS1005: ';' expected.",
  "error TS2451: Cannot redeclare block-scoped variable 'x'.",
  '[vite] Internal server error: Transform failed with 1 error:\nsrc/main.ts:3:0: ERROR: Unexpected "}"',
  "ZeroDivisionError: division by zero",
  "Exit code 1\nERROR: Invalid requirement: '==1.2'",
  "E       TimeoutError: timed out after 30 seconds waiting for selector",
  "Exit code 1\nFAILED tests/test_db.py::test_migrate - sqlalchemy.exc.IntegrityError: UNIQUE constraint failed: users.email",
  "fatal error: all goroutines are asleep - deadlock!",
  // (replaced `no required module provides package github.com/x/y; to add it: go get …`: the same
  // problem, with the same fix, as the tuning pair go-missing-module — a label collision)
  "main.go:4:2: package example.com/app/internal/db is not in std (/usr/local/go/src/example.com/app/internal/db)",
  "error[E0433]: failed to resolve: use of undeclared crate or module `tokio`",
  "Exit code 101\nerror: linking with `cc` failed: exit status: 1",
  "fatal: 'upstream' does not appear to be a git repository",
  "error: cannot lock ref 'refs/remotes/origin/main': is at 3a4b5c but expected 9f8e7d",
  "Exit code 35\ncurl: (35) OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to example.com:443",
  'ERROR:  duplicate key value violates unique constraint "users_email_key"',
  "sqlite3.IntegrityError: NOT NULL constraint failed: orders.customer_id",
  "bash: cd: too many arguments",
  "Exit code 130\n^C",
  "Error response from daemon: conflict: unable to delete 4f2a (must be forced) - image is being used by stopped container 9b1c",
  "Exit code 137\nOOMKilled: container exceeded its memory limit",
  "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.0.0:test (default-test) on project api: There are test failures.",
  'Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5',
  "main.c:5:1: error: expected ';' before '}' token",
  "make: *** No targets specified and no makefile found.  Stop.",
  "Exit code 1\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.",
  "Your Ruby version is 2.7.8, but your Gemfile specified 3.2.2",
  "Exit code 1\n<tool_use_error>File does not exist. Current working directory: /home/dev/proj</tool_use_error>",
  "No changes to make: old_string and new_string are exactly the same."
];

// bench/retrieval/holdout-v2.ts
var HOLDOUT2_PAIRS = [
  // npm / node / jest / eslint
  pair(
    "h3-npm-ejsonparse",
    "npm",
    `Exit code 1
npm ERR! code EJSONPARSE
npm ERR! path /home/lena/shop/package.json
npm ERR! JSON.parse Unexpected token } in JSON at position 412 while parsing near '...t": "^5.2.0",\\n  },\\n  "devDep...'
npm ERR! JSON.parse Failed to parse JSON data.
npm ERR! JSON.parse Note: package.json must be actual JSON, not just JavaScript.

npm ERR! A complete log of this run can be found in: /home/lena/.npm/_logs/2026-03-02T09_14_51_112Z-debug-0.log`,
    `Exit code 1
npm error code EJSONPARSE
npm error path /Users/kofi/repos/dashboard/package.json
npm error JSON.parse Expected double-quoted property name in JSON at position 877 (line 31 column 3) while parsing near '...: "^3.4.1",\\n  },\\n  "engines": {...'
npm error JSON.parse Failed to parse JSON data.
npm error JSON.parse Note: package.json must be actual JSON, not just JavaScript.
npm error A complete log of this run can be found in: /Users/kofi/.npm/_logs/2026-11-20T16_02_33_501Z-debug-0.log`,
    "fix the JSON syntax in package.json (trailing comma, unquoted key, comment), then rerun npm"
  ),
  pair(
    "h3-npm-e403-publish-name",
    "npm",
    'Exit code 1\nnpm ERR! code E403\nnpm ERR! 403 403 Forbidden - PUT https://registry.npmjs.org/table-utils - You do not have permission to publish "table-utils". Are you logged in as the correct user?\nnpm ERR! 403 In most cases, you or one of your dependencies are requesting\nnpm ERR! 403 a package version that is forbidden by your security policy, or\nnpm ERR! 403 on a server you do not have access to.',
    'Exit code 1\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest and default access\nnpm error code E403\nnpm error 403 403 Forbidden - PUT https://registry.npmjs.org/color-kit - You do not have permission to publish "color-kit". Are you logged in as the correct user?\nnpm error 403 In most cases, you or one of your dependencies are requesting\nnpm error 403 a package version that is forbidden by your security policy, or\nnpm error 403 on a server you do not have access to.',
    "the unscoped name belongs to someone else: publish under your scope (@you/name with --access public) or choose another name"
  ),
  pair(
    "h3-npm-enolock-audit",
    "npm",
    "Exit code 1\nnpm ERR! code ENOLOCK\nnpm ERR! audit This command requires an existing lockfile.\nnpm ERR! audit Try creating one first with: npm i --package-lock-only\nnpm ERR! audit Original error: loadVirtual requires existing shrinkwrap file\n\nnpm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-02-11T08_00_12_010Z-debug-0.log",
    "Exit code 1\nnpm error code ENOLOCK\nnpm error audit This command requires an existing lockfile.\nnpm error audit Try creating one first with: npm i --package-lock-only\nnpm error audit Original error: loadVirtual requires existing shrinkwrap file",
    "create a lockfile first (npm i --package-lock-only), then run npm audit"
  ),
  pair(
    "h3-npm-gyp-no-python",
    "npm",
    'Exit code 1\nnpm ERR! code 1\nnpm ERR! path /home/u/app/node_modules/bcrypt\nnpm ERR! command failed\nnpm ERR! command sh -c node-pre-gyp install --fallback-to-build\nnpm ERR! gyp info using node-gyp@9.4.0\nnpm ERR! gyp info using node@18.19.0 | linux | x64\nnpm ERR! gyp ERR! find Python\nnpm ERR! gyp ERR! find Python Python is not set from command line or npm configuration\nnpm ERR! gyp ERR! find Python checking if "python3" can be used\nnpm ERR! gyp ERR! find Python - "python3" is not in PATH or produced an error\nnpm ERR! gyp ERR! stack Error: Could not find any Python installation to use',
    'Exit code 1\nnpm error code 1\nnpm error path /srv/ci/build/node_modules/better-sqlite3\nnpm error command failed\nnpm error command sh -c prebuild-install || node-gyp rebuild --release\nnpm error prebuild-install warn install No prebuilt binaries found (target=22.11.0 runtime=node arch=arm64 libc=musl platform=linux)\nnpm error gyp info using node-gyp@10.2.0\nnpm error gyp ERR! find Python\nnpm error gyp ERR! find Python Python is not set from command line or npm configuration\nnpm error gyp ERR! find Python checking if the py launcher can be used to find Python 3\nnpm error gyp ERR! find Python - "python3" is not in PATH or produced an error\nnpm error gyp ERR! stack Error: Could not find any Python installation to use\nnpm error gyp ERR! stack     at PythonFinder.fail (/usr/local/lib/node_modules/npm/node_modules/node-gyp/lib/find-python.js:306:11)',
    "install Python 3 and a build toolchain (apt install python3 make g++, apk add python3 make g++) so node-gyp can build the native module"
  ),
  pair(
    "h3-node-named-export-cjs",
    "node",
    "file:///home/ana/tools/report/index.mjs:2\nimport { debounce } from 'lodash';\n         ^^^^^^^^\nSyntaxError: Named export 'debounce' not found. The requested module 'lodash' is a CommonJS module, which may not support all module.exports as named exports.\nCommonJS modules can always be imported via the default export, for example using:\n\nimport pkg from 'lodash';\nconst { debounce } = pkg;\n\n    at ModuleJob._instantiate (node:internal/modules/esm/module_job:123:21)\n    at async ModuleJob.run (node:internal/modules/esm/module_job:191:5)\n\nNode.js v20.11.1",
    `Exit code 1
file:///Users/kofi/api/src/db.js:1
import { Pool } from "pg";
         ^^^^
SyntaxError: Named export 'Pool' not found. The requested module 'pg' is a CommonJS module, which may not support all module.exports as named exports.
CommonJS modules can always be imported via the default export, for example using:

import pkg from 'pg';
const { Pool } = pkg;

    at ModuleJob._instantiate (node:internal/modules/esm/module_job:180:21)
    at async ModuleJob.run (node:internal/modules/esm/module_job:263:5)
    at async onImport.tracePromise.__proto__ (node:internal/modules/esm/loader:547:26)

Node.js v22.11.0`,
    'import the CommonJS package through its default export (import pkg from "x"; const { name } = pkg)'
  ),
  pair(
    "h3-node-require-in-esm",
    "node",
    `Exit code 1
file:///srv/bot/src/index.js:3
const fs = require('fs');
           ^

ReferenceError: require is not defined in ES module scope, you can use import instead
This file is being treated as an ES module because it has a '.js' file extension and '/srv/bot/package.json' contains "type": "module". To treat it as a CommonJS script, rename it to use the '.cjs' file extension.
    at file:///srv/bot/src/index.js:3:12
    at ModuleJob.run (node:internal/modules/esm/module_job:218:25)

Node.js v20.12.2`,
    `Exit code 1
file:///home/dev/cli/scripts/gen-docs.js:7
const path = require("node:path");
             ^

ReferenceError: require is not defined in ES module scope, you can use import instead
This file is being treated as an ES module because it has a '.js' file extension and '/home/dev/cli/package.json' contains "type": "module". To treat it as a CommonJS script, rename it to use the '.cjs' file extension.
    at file:///home/dev/cli/scripts/gen-docs.js:7:14
    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)
    at async onImport.tracePromise.__proto__ (node:internal/modules/esm/loader:547:26)

Node.js v22.11.0`,
    'the package is "type": "module": use import instead of require, or rename the file to .cjs'
  ),
  pair(
    "h3-jest-jsdom-env",
    "jest",
    `Exit code 1
 FAIL  src/components/Menu.test.js
  \u25CF Test suite failed to run

    The error below may be caused by using the wrong test environment, see https://jestjs.io/docs/configuration#testenvironment-string.
    Consider using the "jsdom" test environment.

    ReferenceError: document is not defined

      3 | test('renders', () => {
      4 |   const el = document.createElement('div');
        |              ^

      at Object.<anonymous> (src/components/Menu.test.js:4:14)`,
    `Exit code 1
 FAIL  tests/ui/useTheme.test.tsx (5.112 s)
  \u25CF useTheme \u203A reads the stored theme

    The error below may be caused by using the wrong test environment, see https://jestjs.io/docs/configuration#testenvironment-string.
    Consider using the "jsdom" test environment.

    ReferenceError: window is not defined

      12 |   it('reads the stored theme', () => {
    > 13 |     window.localStorage.setItem('theme', 'dark');
         |     ^

      at Object.<anonymous> (tests/ui/useTheme.test.tsx:13:5)

Test Suites: 1 failed, 6 passed, 7 total`,
    'set testEnvironment: "jsdom" in the Jest config (npm i -D jest-environment-jsdom) or add a @jest-environment jsdom docblock'
  ),
  pair(
    "h3-eslint9-flat-config",
    "eslint",
    "Exit code 2\n\nOops! Something went wrong! :(\n\nESLint: 9.0.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs) file.\n\nFrom ESLint v9.0.0, the default configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, please follow the migration guide\nto update your configuration file to the new format:\n\nhttps://eslint.org/docs/latest/use/configure/migration-guide\n\nIf you still have problems after following the migration guide, please stop by\nhttps://eslint.org/chat/help to chat with the team.",
    "Exit code 2\n> web@2.3.0 lint\n> eslint src\n\n\nOops! Something went wrong! :(\n\nESLint: 9.17.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs|ts|mts|cts) file.\n\nFrom ESLint v9.0.0, the default configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, please follow the migration guide\nto update your configuration file to the new format:\n\nhttps://eslint.org/docs/latest/use/configure/migration-guide",
    "ESLint 9 needs a flat config: migrate .eslintrc to eslint.config.js (npx @eslint/migrate-config .eslintrc.json) or pin eslint 8"
  ),
  // tsc
  pair(
    "h3-ts7016-no-declaration",
    "tsc",
    "Exit code 2\nsrc/utils/slug.ts(1,21): error TS7016: Could not find a declaration file for module 'slugify-lite'. '/home/ana/app/node_modules/slugify-lite/index.js' implicitly has an 'any' type.\n  Try `npm i --save-dev @types/slugify-lite` if it exists or add a new declaration (.d.ts) file containing `declare module 'slugify-lite';`",
    "Exit code 2\nsrc/hooks/useSearch.ts:3:22 - error TS7016: Could not find a declaration file for module 'lodash.debounce'. '/Users/kofi/web/node_modules/lodash.debounce/index.js' implicitly has an 'any' type.\n  Try `npm i --save-dev @types/lodash.debounce` if it exists or add a new declaration (.d.ts) file containing `declare module 'lodash.debounce';`\n\n3 import debounce from 'lodash.debounce';\n                       ~~~~~~~~~~~~~~~~~\n\n\nFound 1 error in src/hooks/useSearch.ts:3",
    'npm i -D @types/<package>, or add a .d.ts with declare module "<package>"'
  ),
  pair(
    "h3-ts2564-no-initializer",
    "tsc",
    "Exit code 2\nsrc/models/user.ts(8,3): error TS2564: Property 'email' has no initializer and is not definitely assigned in the constructor.",
    "Exit code 2\nsrc/app/orders/order-form.component.ts:21:11 - error TS2564: Property 'form' has no initializer and is not definitely assigned in the constructor.\n\n21   private form: FormGroup;\n             ~~~~\n\nFound 1 error in src/app/orders/order-form.component.ts:21",
    "initialise the property (in its declaration or the constructor), make it optional, or use a definite assignment (!)"
  ),
  pair(
    "h3-ts1208-isolated-modules",
    "tsc",
    "src/setupTests.ts(1,1): error TS1208: 'setupTests.ts' cannot be compiled under '--isolatedModules' because it is considered a global script file. Add an import, export, or an empty 'export {}' statement to make it a module.",
    "Exit code 2\nscripts/seed.ts:1:1 - error TS1208: 'seed.ts' cannot be compiled under '--isolatedModules' because it is considered a global script file. Add an import, export, or an empty 'export {}' statement to make it a module.\n\n1 const rows = 100;\n  ~~~~~\n\nFound 1 error in scripts/seed.ts:1",
    "add an import/export (or an empty 'export {}') so the file is a module"
  ),
  pair(
    "h3-ts2835-explicit-extension",
    "tsc",
    "Exit code 2\nsrc/server.ts(3,24): error TS2835: Relative import paths need explicit file extensions in ECMAScript imports when '--moduleResolution' is 'node16' or 'nodenext'. Did you mean './routes.js'?",
    "Exit code 2\npackages/core/src/index.ts:2:31 - error TS2835: Relative import paths need explicit file extensions in ECMAScript imports when '--moduleResolution' is 'node16' or 'nodenext'. Did you mean './parser/tokenize.js'?\n\n2 export { tokenize } from './parser/tokenize';\n                                ~~~~~~~~~~~~~~~~~~\n\npackages/core/src/index.ts:3:27 - error TS2835: Relative import paths need explicit file extensions in ECMAScript imports when '--moduleResolution' is 'node16' or 'nodenext'. Did you mean './ast.js'?\n\nFound 2 errors in the same file, starting at: packages/core/src/index.ts:2",
    "write the .js extension in relative imports (./routes.js) under node16/nodenext, or switch moduleResolution to 'bundler'"
  ),
  pair(
    "h3-ts1378-top-level-await",
    "tsc",
    "src/main.ts(5,15): error TS1378: Top-level 'await' expressions are only allowed when the 'module' option is set to 'es2022', 'esnext', 'system', 'node16', or 'nodenext', and the 'target' option is set to 'es2017' or higher.",
    "Exit code 2\nscripts/migrate.ts:12:1 - error TS1378: Top-level 'await' expressions are only allowed when the 'module' option is set to 'es2022', 'esnext', 'system', 'node16', 'node18', 'nodenext', or 'preserve', and the 'target' option is set to 'es2017' or higher.\n\n12 await runMigrations(pool);\n   ~~~~~\n\nFound 1 error in scripts/migrate.ts:12",
    'set "module": "es2022" (or nodenext) and "target": "es2017"+ in tsconfig, or wrap the code in an async main()'
  ),
  pair(
    "h3-ts2802-downlevel-iteration",
    "tsc",
    "src/cache.ts(22,19): error TS2802: Type 'Map<string, Entry>' can only be iterated through when using the '--downlevelIteration' flag or with a '--target' of 'es2015' or higher.",
    "Exit code 2\nlib/graph.ts:47:24 - error TS2802: Type 'Set<number>' can only be iterated through when using the '--downlevelIteration' flag or with a '--target' of 'es2015' or higher.\n\n47     for (const id of visited) {\n                          ~~~~~~~\n\nFound 1 error in lib/graph.ts:47",
    'raise "target" in tsconfig to es2015 or later (or enable downlevelIteration)'
  ),
  // webpack / vite
  pair(
    "h3-tailwind4-postcss-plugin",
    "vite",
    "[vite] Internal server error: [postcss] It looks like you're trying to use `tailwindcss` directly as a PostCSS plugin. The PostCSS plugin has moved to a separate package, so to continue using Tailwind CSS with PostCSS you'll need to install `@tailwindcss/postcss` and update your PostCSS configuration.\n  Plugin: vite:css\n  File: /home/ana/site/src/index.css:undefined:null",
    "Exit code 1\nERROR in ./src/styles/app.css (./src/styles/app.css.webpack[javascript/auto]!=!./node_modules/css-loader/dist/cjs.js??ruleSet[1].rules[1].use[1]!./node_modules/postcss-loader/dist/cjs.js!./src/styles/app.css)\nModule build failed (from ./node_modules/postcss-loader/dist/cjs.js):\nError: It looks like you're trying to use `tailwindcss` directly as a PostCSS plugin. The PostCSS plugin has moved to a separate package, so to continue using Tailwind CSS with PostCSS you'll need to install `@tailwindcss/postcss` and update your PostCSS configuration.\n    at We (/Users/kofi/shop/node_modules/tailwindcss/dist/lib.js:38:1643)\n\nwebpack 5.96.1 compiled with 1 error in 2210 ms",
    "Tailwind v4: npm i -D @tailwindcss/postcss and list it instead of tailwindcss in postcss.config"
  ),
  pair(
    "h3-esbuild-jsx-in-js",
    "vite",
    `\u2718 [ERROR] The JSX syntax extension is not currently enabled

    src/components/Card.js:12:4:
      12 \u2502     <div className="card">
         \u2575     ^

  The esbuild loader for this file is currently set to "js" but it must be set to "jsx" to be able to parse JSX syntax. You can use "loader: { '.js': 'jsx' }" to do that.`,
    `Exit code 1
X [ERROR] The JSX syntax extension is not currently enabled

    src/pages/Checkout.js:31:6:
      31 \u2502       <CartSummary items={items} />
         \u2575       ^

  The esbuild loader for this file is currently set to "js" but it must be set to "jsx" to be able to parse JSX syntax. You can use "loader: { '.js': 'jsx' }" to do that.

    node_modules/esbuild/lib/main.js:1476:21:
      1476 \u2502         let result = await callback({

1 error`,
    "rename files that contain JSX to .jsx/.tsx (or configure the esbuild loader for .js as jsx)"
  ),
  pair(
    "h3-vue-loader-plugin",
    "webpack",
    "ERROR in ./src/App.vue\nModule Error (from ./node_modules/vue-loader/dist/index.js):\nvue-loader was used without the corresponding plugin. Make sure to include VueLoaderPlugin in your webpack config.",
    "Exit code 1\nassets by status 1.2 MiB [cached] 3 assets\nERROR in ./src/components/NavBar.vue\nModule Error (from ./node_modules/vue-loader/dist/index.js):\nvue-loader was used without the corresponding plugin. Make sure to include VueLoaderPlugin in your webpack config.\n @ ./src/main.js 4:0-45 9:24-30\n\nwebpack 5.91.0 compiled with 2 errors in 812 ms",
    "add new VueLoaderPlugin() (from 'vue-loader') to the plugins of webpack.config.js"
  ),
  pair(
    "h3-webpack-chunks-same-filename",
    "webpack",
    "[webpack-cli] Error: Conflict: Multiple chunks emit assets to the same filename bundle.js (chunks main and admin)",
    "Exit code 1\nERROR in Conflict: Multiple chunks emit assets to the same filename app.js (chunks 179 and 842)\n\nwebpack 5.94.0 compiled with 1 error in 1433 ms",
    "use a placeholder in output.filename ([name].[contenthash].js) so every entry/chunk gets its own file"
  ),
  pair(
    "h3-rollup-native-optional-dep",
    "vite",
    "Exit code 1\nError: Cannot find module @rollup/rollup-linux-x64-gnu. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828). Please try `npm i` again after removing both package-lock.json and node_modules directory.\n    at requireWithFriendlyError (/app/node_modules/rollup/dist/native.js:59:9)\n    at Object.<anonymous> (/app/node_modules/rollup/dist/native.js:68:76)\n    at Module._compile (node:internal/modules/cjs/loader:1364:14)",
    "Exit code 1\nfailed to load config from /Users/kofi/dash/vite.config.ts\nerror during build:\nError: Cannot find module @rollup/rollup-darwin-arm64. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828). Please try `npm i` again after removing both package-lock.json and node_modules directory.\n    at requireWithFriendlyError (/Users/kofi/dash/node_modules/rollup/dist/native.js:64:9)\n    at Object.<anonymous> (/Users/kofi/dash/node_modules/rollup/dist/native.js:73:76)\n    ... 3 lines matching cause stack trace ...\n  [cause]: Error: Cannot find module '@rollup/rollup-darwin-arm64'",
    "delete node_modules and package-lock.json and run npm install again (the platform-specific optional dependency was skipped)"
  ),
  pair(
    "h3-webpack-fully-specified",
    "webpack",
    `ERROR in ./src/index.js 5:0-24
Module not found: Error: Can't resolve './App' in '/home/ana/shop/src'
Did you mean 'App.js'?
BREAKING CHANGE: The request './App' failed to resolve only because it was resolved as fully specified
(probably because the origin is strict EcmaScript Module, e. g. a module with javascript mimetype, a '*.mjs' file, or a '*.js' file where the package.json contains '"type": "module"').
The extension in the request is mandatory for it to be fully specified.
Add the extension to the request.`,
    `Exit code 1
ERROR in ./src/routes/admin.mjs 3:0-42
Module not found: Error: Can't resolve '../lib/permissions' in '/Users/kofi/portal/src/routes'
Did you mean 'permissions.js'?
BREAKING CHANGE: The request '../lib/permissions' failed to resolve only because it was resolved as fully specified
(probably because the origin is strict EcmaScript Module, e. g. a module with javascript mimetype, a '*.mjs' file, or a '*.js' file where the package.json contains '"type": "module"').
The extension in the request is mandatory for it to be fully specified.
Add the extension to the request.

webpack 5.95.0 compiled with 1 error in 1187 ms`,
    "write the file extension in ESM imports (./App.js), or set resolve.fullySpecified: false for .m?js in the webpack rules"
  ),
  // python / pip
  pair(
    "h3-pip-oserror-permission",
    "pip",
    "Exit code 1\nERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: '/usr/local/lib/python3.11/site-packages/requests-2.31.0.dist-info'\nConsider using the `--user` option or check the permissions.",
    "Exit code 1\nCollecting numpy==1.26.4\n  Downloading numpy-1.26.4-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl.metadata (61 kB)\nInstalling collected packages: numpy\nERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: '/usr/lib/python3.12/site-packages/numpy'\nConsider using the `--user` option or check the permissions.\n\n[notice] A new release of pip is available: 24.0 -> 24.3.1",
    "install into a virtualenv (python -m venv .venv && . .venv/bin/activate) or with --user, not into the system site-packages"
  ),
  pair(
    "h3-py-asyncio-run-running-loop",
    "python",
    `Traceback (most recent call last):
  File "/home/ana/notebooks/scrape.py", line 41, in <module>
    asyncio.run(main())
  File "/usr/lib/python3.11/asyncio/runners.py", line 186, in run
    raise RuntimeError(
RuntimeError: asyncio.run() cannot be called from a running event loop
sys:1: RuntimeWarning: coroutine 'main' was never awaited`,
    `Exit code 1
Traceback (most recent call last):
  File "/srv/bot/handlers/sync.py", line 88, in on_message
    result = asyncio.run(fetch_all(urls))
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.12/asyncio/runners.py", line 190, in run
    raise RuntimeError(
RuntimeError: asyncio.run() cannot be called from a running event loop
/srv/bot/handlers/sync.py:88: RuntimeWarning: coroutine 'fetch_all' was never awaited`,
    "an event loop is already running (Jupyter, async framework): await the coroutine instead of calling asyncio.run()"
  ),
  pair(
    "h3-py-json-not-serializable",
    "python",
    `Traceback (most recent call last):
  File "/app/export.py", line 27, in <module>
    print(json.dumps(rows))
  File "/usr/lib/python3.11/json/__init__.py", line 231, in dumps
    return _default_encoder.encode(obj)
  File "/usr/lib/python3.11/json/encoder.py", line 180, in default
    raise TypeError(f'Object of type {o.__class__.__name__} '
TypeError: Object of type datetime is not JSON serializable`,
    `Exit code 1
Traceback (most recent call last):
  File "/home/kofi/billing/report.py", line 54, in write_summary
    fh.write(json.dumps(summary, indent=2))
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/json/encoder.py", line 180, in default
    raise TypeError(f'Object of type {o.__class__.__name__} '
TypeError: Object of type datetime is not JSON serializable
when serializing dict item 'created'`,
    "pass default=str (or a custom encoder) to json.dumps, or convert the value (isoformat()) before dumping"
  ),
  pair(
    "h3-py-dict-changed-during-iteration",
    "python",
    'Traceback (most recent call last):\n  File "/app/cleanup.py", line 15, in prune\n    for key in cache:\nRuntimeError: dictionary changed size during iteration',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/u/jobs/dedupe.py", line 33, in <module>\n    main()\n  File "/home/u/jobs/dedupe.py", line 22, in main\n    for name, rec in records.items():\n                     ^^^^^^^^^^^^^^^\nRuntimeError: dictionary changed size during iteration',
    "iterate over a copy (for k in list(d)) or build a new dict instead of adding/deleting keys inside the loop"
  ),
  pair(
    "h3-py-unbound-local",
    "python",
    `Traceback (most recent call last):
  File "/app/stats.py", line 19, in <module>
    add(5)
  File "/app/stats.py", line 9, in add
    total += n
UnboundLocalError: local variable 'total' referenced before assignment`,
    `Exit code 1
Traceback (most recent call last):
  File "/home/kofi/net/client.py", line 61, in <module>
    send(payload)
  File "/home/kofi/net/client.py", line 44, in send
    retries += 1
    ^^^^^^^
UnboundLocalError: cannot access local variable 'retries' where it is not associated with a value`,
    "the function assigns a module-level name: declare it global/nonlocal (or pass it in) instead of treating it as a local"
  ),
  pair(
    "h3-py-shadowed-module",
    "python",
    `Traceback (most recent call last):
  File "/home/ana/scripts/requests.py", line 1, in <module>
    import requests
  File "/home/ana/scripts/requests.py", line 3, in <module>
    r = requests.get("https://example.com")
        ^^^^^^^^^^^^
AttributeError: partially initialized module 'requests' has no attribute 'get' (most likely due to a circular import)`,
    `Exit code 1
Traceback (most recent call last):
  File "/Users/kofi/analysis/pandas.py", line 1, in <module>
    import pandas as pd
  File "/Users/kofi/analysis/pandas.py", line 4, in <module>
    df = pd.read_csv("sales.csv")
         ^^^^^^^^^^^
AttributeError: partially initialized module 'pandas' has no attribute 'read_csv' (most likely due to a circular import)`,
    "a local file has the same name as the library (requests.py): rename it and delete its __pycache__"
  ),
  pair(
    "h3-pip-requires-different-python",
    "pip",
    "Exit code 1\nProcessing /home/ana/projects/ingest\n  Installing build dependencies ... done\n  Getting requirements to build wheel ... done\nERROR: Package 'ingest' requires a different Python: 3.10.12 not in '>=3.11'",
    "Exit code 1\nObtaining file:///Users/kofi/work/toolkit\n  Installing build dependencies ... done\n  Checking if build backend supports build_editable ... done\nERROR: Package 'toolkit' requires a different Python: 3.9.6 not in '>=3.10'",
    "create the venv with a Python that satisfies requires-python (pyenv install 3.12 / uv venv -p 3.12)"
  ),
  // pytest
  pair(
    "h3-pytest-cov-missing",
    "pytest",
    "Exit code 4\nERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\npytest: error: unrecognized arguments: --cov=app --cov-report=term-missing\n  inifile: /home/ana/api/pyproject.toml\n  rootdir: /home/ana/api",
    "Exit code 4\nERROR: usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: unrecognized arguments: --cov=src/mylib --cov-fail-under=80\n  inifile: /work/mylib/setup.cfg\n  rootdir: /work/mylib",
    "pip install pytest-cov in the environment that runs pytest (the addopts use --cov)"
  ),
  pair(
    "h3-pytest-import-file-mismatch",
    "pytest",
    "import file mismatch:\nimported module 'test_utils' has this __file__ attribute:\n  /repo/tests/unit/test_utils.py\nwhich is not the same as the test file we want to collect:\n  /repo/tests/integration/test_utils.py\nHINT: remove __pycache__ / .pyc files and/or use a unique basename for your test file modules",
    "Exit code 2\n==================================== ERRORS ====================================\n_________________ ERROR collecting tests/api/test_models.py __________________\nimport file mismatch:\nimported module 'test_models' has this __file__ attribute:\n  /home/kofi/shop/tests/db/test_models.py\nwhich is not the same as the test file we want to collect:\n  /home/kofi/shop/tests/api/test_models.py\nHINT: remove __pycache__ / .pyc files and/or use a unique basename for your test file modules\n=========================== short test summary info ============================\nERROR tests/api/test_models.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!",
    "give test files unique basenames or add __init__.py to the test folders, then clear __pycache__"
  ),
  pair(
    "h3-pytest-async-no-plugin",
    "pytest",
    "tests/test_client.py::test_fetch_user\n  /home/ana/api/.venv/lib/python3.11/site-packages/_pytest/python.py:183: PytestUnhandledCoroutineWarning: async def functions are not natively supported and have been skipped.\n  You need to install a suitable plugin for your async framework, for example:\n    - anyio\n    - pytest-asyncio\n    - pytest-tornasync\n    - pytest-trio\n    - pytest-twisted\n    warnings.warn(PytestUnhandledCoroutineWarning(msg.format(nodeid)))",
    "Exit code 1\nFAILED tests/integration/test_queue.py::test_publish - Failed: async def functions are not natively supported.\nYou need to install a suitable plugin for your async framework, for example:\n  - anyio\n  - pytest-asyncio\n  - pytest-tornasync\n  - pytest-trio\n  - pytest-twisted\n========================= 1 failed, 14 passed in 0.87s =========================",
    "install pytest-asyncio and mark the tests (@pytest.mark.asyncio, or asyncio_mode = auto)"
  ),
  pair(
    "h3-pytest-django-settings",
    "pytest",
    "Exit code 2\nERROR tests/test_views.py - django.core.exceptions.ImproperlyConfigured: Requested setting INSTALLED_APPS, but settings are not configured. You must either define the environment variable DJANGO_SETTINGS_MODULE or call settings.configure() before accessing settings.",
    "Exit code 2\n_____________________ ERROR collecting blog/tests/test_feeds.py _____________________\nblog/tests/test_feeds.py:3: in <module>\n    from blog.models import Post\nblog/models.py:1: in <module>\n    from django.db import models\n.venv/lib/python3.12/site-packages/django/conf/__init__.py:71: in _setup\n    raise ImproperlyConfigured(\nE   django.core.exceptions.ImproperlyConfigured: Requested setting DEFAULT_INDEX_TABLESPACE, but settings are not configured. You must either define the environment variable DJANGO_SETTINGS_MODULE or call settings.configure() before accessing settings.",
    "tell pytest the settings module: DJANGO_SETTINGS_MODULE = project.settings in pytest.ini (pytest-django) or export it"
  ),
  pair(
    "h3-pytest-django-db-mark",
    "pytest",
    'E   RuntimeError: Database access not allowed, use the "django_db" mark, or the "db" or "transactional_db" fixtures to enable it.',
    'Exit code 1\n___________________________ test_create_order ___________________________\n\n    def test_create_order(client):\n>       resp = client.post("/orders/", {"sku": "A1"})\n\nshop/tests/test_orders.py:12:\n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\nE   RuntimeError: Database access not allowed, use the "django_db" mark, or the "db" or "transactional_db" fixtures to enable it.\n=========================== short test summary info ============================\nFAILED shop/tests/test_orders.py::test_create_order - RuntimeError: Database access not allowed, use the "django_db" mark, or the "db" or "transactional_db" fixtures to enable it.',
    "mark the test with @pytest.mark.django_db (or request the db fixture)"
  ),
  pair(
    "h3-pytest-plugins-non-top-conftest",
    "pytest",
    "Exit code 4\nDefining 'pytest_plugins' in a non-top-level conftest is no longer supported:\nIt affects the entire test suite instead of just below the conftest as expected.\n  /repo/tests/unit/conftest.py\nPlease move it to a top level conftest file at the rootdir:\n  /repo\nFor more information, visit:\n  https://docs.pytest.org/en/stable/deprecations.html#pytest-plugins-in-non-top-level-conftest-files",
    "Exit code 4\nDefining 'pytest_plugins' in a non-top-level conftest is no longer supported:\nIt affects the entire test suite instead of just below the conftest as expected.\n  /home/kofi/shop/services/billing/tests/conftest.py\nPlease move it to a top level conftest file at the rootdir:\n  /home/kofi/shop\nFor more information, visit:\n  https://docs.pytest.org/en/stable/deprecations.html#pytest-plugins-in-non-top-level-conftest-files",
    "move the pytest_plugins = [...] line into the conftest.py at the rootdir"
  ),
  // go
  pair(
    "h3-go-toolchain-too-old",
    "go",
    "Exit code 1\ngo: go.mod requires go >= 1.22.2 (running go 1.21.6; GOTOOLCHAIN=local)",
    "Exit code 1\ngo: downloading github.com/go-chi/chi/v5 v5.1.0\ngo: go.mod requires go >= 1.23.0 (running go 1.22.5; GOTOOLCHAIN=local)",
    "install the newer Go (or let GOTOOLCHAIN=auto download it)"
  ),
  pair(
    "h3-go-concurrent-map-writes",
    "go",
    "fatal error: concurrent map writes\n\ngoroutine 34 [running]:\nmain.(*Cache).Set(...)\n	/home/ana/svc/cache.go:21\nmain.handler.func1()\n	/home/ana/svc/main.go:48 +0x6c\ncreated by main.handler in goroutine 1\n	/home/ana/svc/main.go:45 +0x89\nexit status 2",
    "Exit code 2\nfatal error: concurrent map read and map write\n\ngoroutine 118 [running]:\ngithub.com/acme/gateway/internal/ratelimit.(*Limiter).Allow(0xc0001a2000, {0xc00021c0f0, 0xd})\n	/src/internal/ratelimit/limiter.go:37 +0x58\nnet/http.HandlerFunc.ServeHTTP(0xc000014160, {0x8a6f20, 0xc0002a0000}, 0xc000292000)\n	/usr/local/go/src/net/http/server.go:2220 +0x29",
    "guard the map with a sync.Mutex/RWMutex (or use sync.Map)"
  ),
  pair(
    "h3-go-import-cycle",
    "go",
    "package example.com/shop/cmd/server\n	imports example.com/shop/internal/orders\n	imports example.com/shop/internal/payments\n	imports example.com/shop/internal/orders: import cycle not allowed",
    "Exit code 1\npackage github.com/kofi/blog\n	imports github.com/kofi/blog/internal/auth from main.go\n	imports github.com/kofi/blog/internal/users from middleware.go\n	imports github.com/kofi/blog/internal/auth from service.go: import cycle not allowed",
    "break the cycle: move the shared types into a third package or invert the dependency with an interface"
  ),
  pair(
    "h3-go-send-closed-channel",
    "go",
    "panic: send on closed channel\n\ngoroutine 7 [running]:\nmain.worker(0x3, 0xc000020120)\n	/app/main.go:31 +0x85\ncreated by main.main in goroutine 1\n	/app/main.go:18 +0x5d\nexit status 2",
    "Exit code 2\npanic: send on closed channel\n\ngoroutine 52 [running]:\ngithub.com/acme/crawler/fetch.(*Pool).run(0xc0000b4000, 0x11)\n	/home/kofi/crawler/fetch/pool.go:64 +0x1b2\ncreated by github.com/acme/crawler/fetch.New in goroutine 1\n	/home/kofi/crawler/fetch/pool.go:40 +0xe5",
    "only close a channel after every sender has finished (sync.WaitGroup, then close) and never send after close"
  ),
  pair(
    "h3-go-missing-method",
    "go",
    "./main.go:27:15: cannot use &fileStore{} (value of type *fileStore) as Store value in argument to NewServer: *fileStore does not implement Store (missing method Delete)",
    "Exit code 1\n# github.com/kofi/api/internal/app\ninternal/app/wire.go:14:9: cannot use repo (variable of type *pgRepo) as UserRepository value in return statement: *pgRepo does not implement UserRepository (missing method FindByEmail)",
    "implement the missing method on the type with exactly the interface signature"
  ),
  pair(
    "h3-go-checksum-mismatch",
    "go",
    "Exit code 1\nverifying github.com/lib/pq@v1.10.9: checksum mismatch\n	downloaded: h1:EXAMPLEdownloadedHashNotReal000000000000000=\n	go.sum:     h1:EXAMPLEgosumHashNotReal00000000000000000000=\n\nSECURITY ERROR\nThis download does NOT match an earlier download recorded in go.sum.\nThe bits may have been replaced on the origin server, or an attacker may\nhave intercepted the download attempt.\n\nFor more information, see 'go help module-auth'.",
    "Exit code 1\ngo: downloading golang.org/x/text v0.14.0\nverifying golang.org/x/text@v0.14.0/go.mod: checksum mismatch\n	downloaded: h1:EXAMPLEotherHashNotReal0000000000000000000=\n	go.sum:     h1:EXAMPLEstaleHashNotReal0000000000000000000=\n\nSECURITY ERROR\nThis download does NOT match an earlier download recorded in go.sum.\nThe bits may have been replaced on the origin server, or an attacker may\nhave intercepted the download attempt.\n\nFor more information, see 'go help module-auth'.",
    "drop the stale go.sum lines, go clean -modcache, then go mod tidy (check GOPROXY/GOFLAGS=-mod=mod if it returns)"
  ),
  // cargo / rustc
  pair(
    "h3-rust-e0106-lifetime",
    "cargo",
    "error[E0106]: missing lifetime specifier\n --> src/parser.rs:4:38\n  |\n4 | fn longest(a: &str, b: &str) -> &str {\n  |               ----     ----     ^ expected named lifetime parameter\n  |\n  = help: this function's return type contains a borrowed value, but the signature does not say whether it is borrowed from `a` or `b`\nhelp: consider introducing a named lifetime parameter\n  |\n4 | fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n  |           ++++     ++          ++          ++",
    "Exit code 101\n   Compiling tokenizer v0.2.0 (/home/kofi/tokenizer)\nerror[E0106]: missing lifetime specifier\n  --> src/lexer.rs:18:35\n   |\n18 | fn pick(first: &Token, second: &Token) -> &Token {\n   |                ------          ------     ^ expected named lifetime parameter\n   |\n   = help: this function's return type contains a borrowed value, but the signature does not say whether it is borrowed from `first` or `second`\nhelp: consider introducing a named lifetime parameter\n\nFor more information about this error, try `rustc --explain E0106`.\nerror: could not compile `tokenizer` (lib) due to 1 previous error",
    "add a named lifetime parameter (<'a>) that ties the returned reference to its input, or return an owned value"
  ),
  pair(
    "h3-rust-e0596-not-mut",
    "cargo",
    "error[E0596]: cannot borrow `items` as mutable, as it is not declared as mutable\n --> src/main.rs:6:5\n  |\n6 |     items.push(4);\n  |     ^^^^^ cannot borrow as mutable\n  |\nhelp: consider changing this to be mutable\n  |\n4 |     let mut items = vec![1, 2, 3];\n  |         +++",
    'Exit code 101\n   Compiling inventory v0.3.1 (/work/inventory)\nerror[E0596]: cannot borrow `stock` as mutable, as it is not declared as mutable\n  --> src/store.rs:42:9\n   |\n42 |         stock.insert(sku.clone(), qty);\n   |         ^^^^^ cannot borrow as mutable\n   |\nhelp: consider changing this to be mutable\n   |\n39 |         let mut stock = HashMap::new();\n   |             +++\n\nerror: could not compile `inventory` (bin "inventory") due to 1 previous error',
    "declare the binding mutable (let mut x)"
  ),
  pair(
    "h3-rust-serde-derive-feature",
    "cargo",
    "error: cannot find derive macro `Deserialize` in this scope\n --> src/config.rs:3:17\n  |\n3 | #[derive(Debug, Deserialize)]\n  |                 ^^^^^^^^^^^\n  |\nnote: `Deserialize` is imported here, but it is only a trait, without a derive macro\n --> src/config.rs:1:5\n  |\n1 | use serde::Deserialize;\n  |     ^^^^^^^^^^^^^^^^^^",
    'Exit code 101\n   Compiling reporter v0.1.0 (/Users/kofi/reporter)\nerror: cannot find derive macro `Serialize` in this scope\n  --> src/model/report.rs:8:10\n   |\n8  | #[derive(Serialize, Clone)]\n   |          ^^^^^^^^^\n   |\nnote: `Serialize` is imported here, but it is only a trait, without a derive macro\n  --> src/model/report.rs:2:13\n   |\n2  | use serde::{Serialize, Deserialize};\n   |             ^^^^^^^^^\n\nerror: could not compile `reporter` (bin "reporter") due to 1 previous error',
    `enable serde's derive feature: serde = { version = "1", features = ["derive"] } (cargo add serde -F derive)`
  ),
  pair(
    "h3-rust-e0373-move-closure",
    "cargo",
    'error[E0373]: closure may outlive the current function, but it borrows `counter`, which is owned by the current function\n  --> src/main.rs:9:32\n   |\n9  |     let handle = thread::spawn(|| {\n   |                                ^^ may outlive borrowed value `counter`\n10 |         println!("{}", counter);\n   |                        ------- `counter` is borrowed here\n   |\nhelp: to force the closure to take ownership of `counter` (and any other referenced variables), use the `move` keyword\n   |\n9  |     let handle = thread::spawn(move || {\n   |                                ++++',
    "Exit code 101\nerror[E0373]: async block may outlive the current function, but it borrows `conn_id`, which is owned by the current function\n  --> src/server.rs:57:22\n   |\n57 |         tokio::spawn(async {\n   |                      ^^^^^ may outlive borrowed value `conn_id`\n58 |             handle(conn_id).await;\n   |                    ------- `conn_id` is borrowed here\n   |\nhelp: to force the async block to take ownership of `conn_id` (and any other referenced variables), use the `move` keyword\n   |\n57 |         tokio::spawn(async move {\n   |                            ++++",
    "add move to the closure/async block (clone what must stay usable outside first)"
  ),
  pair(
    "h3-cargo-locked-needs-update",
    "cargo",
    "error: the lock file /home/ana/crate/Cargo.lock needs to be updated but --locked was passed to prevent this\nIf you want to try to generate the lock file without accessing the network, remove the --locked flag and use --offline instead.",
    "Exit code 101\n    Updating crates.io index\nerror: the lock file /builds/acme/edge-proxy/Cargo.lock needs to be updated but --locked was passed to prevent this\nIf you want to try to generate the lock file without accessing the network, remove the --locked flag and use --offline instead.",
    "run cargo update / cargo generate-lockfile locally and commit the updated Cargo.lock"
  ),
  pair(
    "h3-rustup-no-default-toolchain",
    "cargo",
    "Exit code 1\nerror: rustup could not choose a version of cargo to run, because one wasn't specified explicitly, and no default is configured.\nhelp: run 'rustup default stable' to download the latest stable release of Rust and set it as your default toolchain.",
    "Exit code 1\nerror: rustup could not choose a version of rustc to run, because one wasn't specified explicitly, and no default is configured.\nhelp: run 'rustup default stable' to download the latest stable release of Rust and set it as your default toolchain.",
    "rustup default stable"
  ),
  // git
  pair(
    "h3-git-divergent-branches",
    "git",
    'Exit code 128\nhint: You have divergent branches and need to specify how to reconcile them.\nhint: You can do so by running one of the following commands sometime before\nhint: your next pull:\nhint:\nhint:   git config pull.rebase false  # merge\nhint:   git config pull.rebase true   # rebase\nhint:   git config pull.ff only       # fast-forward only\nhint:\nhint: You can replace "git config" with "git config --global" to set a default\nhint: preference for all repositories. You can also pass --rebase, --no-rebase,\nhint: or --ff-only on the command line to override the configured default per\nhint: invocation.\nfatal: Need to specify how to reconcile divergent branches.',
    'Exit code 128\nFrom github.com:acme/web\n * branch            develop    -> FETCH_HEAD\nhint: You have divergent branches and need to specify how to reconcile them.\nhint: You can do so by running one of the following commands sometime before\nhint: your next pull:\nhint:\nhint:   git config pull.rebase false  # merge\nhint:   git config pull.rebase true   # rebase\nhint:   git config pull.ff only       # fast-forward only\nhint:\nhint: Disable this message with "git config advice.diverging false"\nfatal: Need to specify how to reconcile divergent branches.',
    "pick a pull strategy: git pull --rebase (or --no-rebase), or set git config pull.rebase"
  ),
  pair(
    "h3-git-rpc-failed-postbuffer",
    "git",
    "Exit code 1\nerror: RPC failed; HTTP 400 curl 22 The requested URL returned error: 400\nsend-pack: unexpected disconnect while reading sideband packet\nfatal: the remote end hung up unexpectedly\nEverything up-to-date",
    "Exit code 1\nEnumerating objects: 1532, done.\nCounting objects: 100% (1532/1532), done.\nDelta compression using up to 8 threads\nCompressing objects: 100% (1410/1410), done.\nWriting objects: 100% (1410/1410), 187.22 MiB | 9.81 MiB/s, done.\nTotal 1410 (delta 402), reused 0 (delta 0), pack-reused 0\nerror: RPC failed; HTTP 400 curl 22 The requested URL returned error: 400\nsend-pack: unexpected disconnect while reading sideband packet\nfatal: the remote end hung up unexpectedly\nEverything up-to-date",
    "raise git config http.postBuffer (e.g. 524288000) or push over SSH"
  ),
  pair(
    "h3-git-github-file-too-large",
    "git",
    "Exit code 1\nremote: error: Trace: 8c1e0f0b7a5c2d9e\nremote: error: See https://gh.io/lfs for more information.\nremote: error: File models/encoder.onnx is 142.37 MB; this exceeds GitHub's file size limit of 100.00 MB\nremote: error: GH001: Large files detected. You may want to try Git Large File Storage - https://git-lfs.github.com.\nTo github.com:ana/vision.git\n ! [remote rejected] main -> main (pre-receive hook declined)\nerror: failed to push some refs to 'github.com:ana/vision.git'",
    "Exit code 1\nremote: error: Trace: 41d7aa93e0b6f217\nremote: error: See https://gh.io/lfs for more information.\nremote: error: File data/raw/events-2026-10.csv is 318.04 MB; this exceeds GitHub's file size limit of 100.00 MB\nremote: error: GH001: Large files detected. You may want to try Git Large File Storage - https://git-lfs.github.com.\nTo https://github.com/kofi/analytics.git\n ! [remote rejected] feature/ingest -> feature/ingest (pre-receive hook declined)\nerror: failed to push some refs to 'https://github.com/kofi/analytics.git'",
    "remove the big file from the commits (git rm --cached, amend or git filter-repo) and track it with Git LFS or keep it out of git"
  ),
  pair(
    "h3-git-dubious-ownership",
    "git",
    "Exit code 128\nfatal: detected dubious ownership in repository at '/work/app'\nTo add an exception for this directory, call:\n\n	git config --global --add safe.directory /work/app",
    "Exit code 128\nfatal: unsafe repository ('/srv/git/site' is owned by someone else)\nTo add an exception for this directory, call:\n\n	git config --global --add safe.directory /srv/git/site",
    "git config --global --add safe.directory <path> (or fix the folder owner)"
  ),
  pair(
    "h3-git-gpg-sign-failed",
    "git",
    "Exit code 128\nerror: gpg failed to sign the data\nfatal: failed to write commit object",
    "Exit code 128\nerror: gpg failed to sign the data:\n[GNUPG:] KEY_CONSIDERED 0000000000000000000000000000000000000000 2\n[GNUPG:] BEGIN_SIGNING H10\n[GNUPG:] PINENTRY_LAUNCHED 48211 curses 1.2.1 - xterm-256color - - 1000/1000 0\ngpg: signing failed: Inappropriate ioctl for device\n[GNUPG:] FAILURE sign 83918950\ngpg: signing failed: Inappropriate ioctl for device\n\nfatal: failed to write commit object",
    "export GPG_TTY=$(tty) (and restart gpg-agent) so pinentry can ask for the passphrase"
  ),
  pair(
    "h3-git-protected-branch",
    "git",
    "Exit code 1\nremote: error: GH006: Protected branch update failed for refs/heads/main.\nremote: error: Changes must be made through a pull request.\nTo github.com:acme/api.git\n ! [remote rejected] main -> main (protected branch hook declined)\nerror: failed to push some refs to 'github.com:acme/api.git'",
    "Exit code 1\nEnumerating objects: 9, done.\nWriting objects: 100% (5/5), 612 bytes | 612.00 KiB/s, done.\nremote: error: GH006: Protected branch update failed for refs/heads/release/2.4.\nremote: error: Changes must be made through a pull request.\nTo https://github.com/kofi/mobile-app.git\n ! [remote rejected] release/2.4 -> release/2.4 (protected branch hook declined)\nerror: failed to push some refs to 'https://github.com/kofi/mobile-app.git'",
    "push to a feature branch and open a pull request"
  ),
  // ssl / tls / curl
  pair(
    "h3-ssl-der-not-pem",
    "ssl",
    "Exit code 1\nunable to load certificate\n140251528201024:error:0909006C:PEM routines:get_name:no start line:../crypto/pem/pem_lib.c:745:Expecting: TRUSTED CERTIFICATE",
    "Exit code 1\nCould not read certificate from partner-root.cer\n40F7D2A1B97F0000:error:1608010C:STORE routines:ossl_store_handle_load_result:unsupported:../crypto/store/store_result.c:151:\nUnable to load certificate",
    "the certificate is DER, not PEM: convert it with openssl x509 -inform der -in cert.cer -out cert.pem"
  ),
  pair(
    "h3-curl-58-private-key",
    "ssl",
    "Exit code 58\ncurl: (58) unable to set private key file: 'client.key' type PEM",
    "Exit code 58\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\ncurl: (58) unable to set private key file: '/etc/pki/mtls/agent-key.pem' type PEM",
    "the key does not match the client certificate (or needs a passphrase): pass the matching key with --key (and --pass)"
  ),
  pair(
    "h3-ssl-missing-intermediate",
    "ssl",
    "Error: unable to verify the first certificate\n    at TLSSocket.onConnectSecure (node:_tls_wrap:1674:34)\n    at TLSSocket.emit (node:events:519:28)\n    at TLSSocket._finishInit (node:_tls_wrap:1085:8)\n    at ssl.onhandshakedone (node:_tls_wrap:871:12) {\n  code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'\n}",
    "Exit code 60\ncurl: (60) SSL certificate problem: unable to verify the first certificate\nMore details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the web page mentioned above.",
    "the server sends only its leaf certificate: configure the full chain (fullchain.pem with the intermediate) on the server"
  ),
  pair(
    "h3-curl-77-ca-file",
    "ssl",
    "Exit code 77\ncurl: (77) error setting certificate file: /etc/ssl/certs/ca-certificates.crt",
    "Exit code 77\ncurl: (77) error setting certificate verify locations:\n  CAfile: /opt/conda/ssl/cacert.pem\n  CApath: none",
    "the CA bundle path does not exist: install ca-certificates or point CURL_CA_BUNDLE/--cacert at an existing bundle"
  ),
  pair(
    "h3-ssl-ca-md-too-weak",
    "ssl",
    "Exit code 58\ncurl: (58) could not load PEM client certificate from legacy-client.crt, OpenSSL error error:0A00018E:SSL routines::ca md too weak, (no key found, wrong pass phrase, or wrong file format?)",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/kofi/sync/upload.py", line 19, in <module>\n    ctx.load_cert_chain("certs/client.crt", "certs/client.key")\nssl.SSLError: [SSL: CA_MD_TOO_WEAK] ca md too weak (_ssl.c:3900)',
    "the certificate is signed with SHA-1/MD5, which OpenSSL 3 rejects: reissue it with SHA-256 (temporary: @SECLEVEL=0)"
  ),
  pair(
    "h3-ssl-not-yet-valid",
    "ssl",
    "Exit code 60\ncurl: (60) SSL certificate problem: certificate is not yet valid\nMore details here: https://curl.se/docs/sslcerts.html",
    "Error: certificate is not yet valid\n    at TLSSocket.onConnectSecure (node:_tls_wrap:1677:34)\n    at TLSSocket.emit (node:events:518:28)\n    at TLSSocket._finishInit (node:_tls_wrap:1076:8) {\n  code: 'CERT_NOT_YET_VALID'\n}",
    "the machine's clock is behind: sync the time (timedatectl set-ntp true, or restart the VM/WSL clock)"
  ),
  // db (postgres / mysql / sqlite)
  pair(
    "h3-pg-public-schema-create",
    "db",
    "ERROR:  permission denied for schema public\nLINE 1: CREATE TABLE events (id serial primary key, name text);\n                     ^",
    'Exit code 1\ndjango.db.utils.ProgrammingError: permission denied for schema public\nLINE 1: CREATE TABLE "django_migrations" ("id" bigint NOT NULL PRIMARY KEY GENE...\n                     ^',
    "PostgreSQL 15+ no longer lets every role create in public: GRANT CREATE ON SCHEMA public TO the app role (or make it the owner)"
  ),
  pair(
    "h3-pg-hba-no-entry",
    "psql",
    'Exit code 2\npsql: error: connection to server at "10.0.4.12", port 5432 failed: FATAL:  no pg_hba.conf entry for host "10.0.4.30", user "app", database "orders", no encryption',
    `Exit code 1
error: no pg_hba.conf entry for host "172.18.0.5", user "postgres", database "analytics", SSL off
    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:283:98)
    at Parser.handlePacket (/app/node_modules/pg-protocol/dist/parser.js:122:29) {
  severity: 'FATAL',
  code: '28000'
}`,
    "add a host line for that client address/user/database to pg_hba.conf and reload PostgreSQL (or connect with sslmode=require)"
  ),
  pair(
    "h3-pg-extension-not-installed",
    "db",
    'ERROR:  could not open extension control file "/usr/share/postgresql/16/extension/vector.control": No such file or directory',
    'Exit code 3\npsql:migrations/0007_geo.sql:1: ERROR:  extension "postgis" is not available\nDETAIL:  Could not open extension control file "/usr/share/postgresql/17/extension/postgis.control": No such file or directory.\nHINT:  The extension must first be installed on the system where PostgreSQL is running.',
    "install the extension package for that server version on the database host (e.g. postgresql-16-pgvector), then CREATE EXTENSION"
  ),
  pair(
    "h3-pg-transaction-aborted",
    "db",
    "ERROR:  current transaction is aborted, commands ignored until end of transaction block",
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/etl/load.py", line 77, in upsert\n    cur.execute(SQL_UPSERT, row)\npsycopg2.errors.InFailedSqlTransaction: current transaction is aborted, commands ignored until end of transaction block',
    "an earlier statement in the transaction failed: find that error and ROLLBACK (conn.rollback()) before running more queries"
  ),
  pair(
    "h3-pg-dump-version-mismatch",
    "db",
    "Exit code 1\npg_dump: error: aborting because of server version mismatch\npg_dump: detail: server version: 16.2 (Debian 16.2-1.pgdg120+2); pg_dump version: 14.11 (Ubuntu 14.11-0ubuntu0.22.04.1)",
    "Exit code 1\npg_dump: error: server version: 15.4; pg_dump version: 13.12\npg_dump: error: aborting because of server version mismatch",
    "use a pg_dump at least as new as the server (install postgresql-client-<server version> or run pg_dump in the server container)"
  ),
  pair(
    "h3-mysql-socket-not-running",
    "db",
    "Exit code 1\nERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)",
    "Exit code 1\nmysql: [Warning] Using a password on the command line interface can be insecure.\nERROR 2002 (HY000): Can't connect to local server through socket '/tmp/mysql.sock' (2)",
    "the MySQL server is not running: start it (sudo systemctl start mysql / brew services start mysql)"
  ),
  // shell
  pair(
    "h3-sh-sudo-resolve-host",
    "shell",
    "sudo: unable to resolve host ip-10-0-1-17: Name or service not known",
    "Exit code 1\nsudo: unable to resolve host devbox-7f3a: Temporary failure in name resolution",
    "add the machine's hostname to /etc/hosts (127.0.1.1 <hostname>)"
  ),
  pair(
    "h3-sh-unary-operator",
    "bash",
    "Exit code 2\n./release.sh: line 8: [: =: unary operator expected",
    "Exit code 1\nscripts/check.sh: line 23: [: !=: unary operator expected",
    'quote the variable in the test ([ "$VAR" = x ]) or use [[ ]]'
  ),
  pair(
    "h3-sh-bsd-sed-inplace",
    "shell",
    'Exit code 1\nsed: 1: "config.yml": command c expects \\ followed by text',
    'Exit code 1\nsed: 1: "README.md": invalid command code R',
    "macOS/BSD sed needs a suffix argument: sed -i '' 's/a/b/' file (or use gsed)"
  ),
  pair(
    "h3-sh-bash3-assoc-array",
    "bash",
    "Exit code 2\n./sync.sh: line 4: declare: -A: invalid option\ndeclare: usage: declare [-afFirtx] [-p] [name[=value] ...]",
    "Exit code 2\n/Users/kofi/dotfiles/bin/build-matrix: line 11: declare: -A: invalid option\ndeclare: usage: declare [-afFirtx] [-p] [name[=value] ...]\n/Users/kofi/dotfiles/bin/build-matrix: line 12: targets: bad array subscript",
    "macOS ships bash 3.2: brew install bash and run the script with #!/usr/bin/env bash"
  ),
  pair(
    "h3-sh-ssh-host-key-changed",
    "shell",
    "Exit code 255\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nIT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!\nSomeone could be eavesdropping on you right now (man-in-the-middle attack)!\nIt is also possible that a host key has just been changed.\nThe fingerprint for the ED25519 key sent by the remote host is\nSHA256:EXAMPLEfingerprintNotReal0000000000000000000.\nPlease contact your system administrator.\nAdd correct host key in /home/ana/.ssh/known_hosts to get rid of this message.\nOffending ED25519 key in /home/ana/.ssh/known_hosts:14\nHost key for 203.0.113.10 has changed and you have requested strict checking.\nHost key verification failed.",
    "Exit code 255\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nIT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!\nSomeone could be eavesdropping on you right now (man-in-the-middle attack)!\nIt is also possible that a host key has just been changed.\nThe fingerprint for the ECDSA key sent by the remote host is\nSHA256:EXAMPLEotherFingerprintNotReal000000000000.\nPlease contact your system administrator.\nAdd correct host key in /Users/kofi/.ssh/known_hosts to get rid of this message.\nOffending ECDSA key in /Users/kofi/.ssh/known_hosts:3\nHost key for staging.internal.example has changed and you have requested strict checking.\nHost key verification failed.\nlost connection",
    "if the server was legitimately rebuilt: ssh-keygen -R <host>, then reconnect and accept the new key"
  ),
  pair(
    "h3-sh-tar-not-gzip",
    "shell",
    "Exit code 2\n\ngzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now",
    "Exit code 2\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n100   162  100   162    0     0    911      0 --:--:-- --:--:-- --:--:--   915\n\ngzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now",
    "the download is not a gzip (often an HTML error/redirect page): fix the URL or use curl -L, and check the file before tar xzf"
  ),
  // docker
  pair(
    "h3-docker-no-arm64-image",
    "docker",
    "Exit code 1\nERROR: failed to solve: mcr.microsoft.com/mssql/server:2019-latest: failed to resolve source metadata for mcr.microsoft.com/mssql/server:2019-latest: no match for platform in manifest: not found",
    "Exit code 125\nUnable to find image 'oracle/instantclient:19' locally\n19: Pulling from oracle/instantclient\ndocker: no matching manifest for linux/arm64/v8 in the manifest list entries.\nSee 'docker run --help'.",
    "the image has no build for this CPU (arm64): use --platform linux/amd64 (emulated) or a multi-arch image"
  ),
  pair(
    "h3-docker-api-version-too-new",
    "docker",
    "Exit code 1\nError response from daemon: client version 1.47 is too new. Maximum supported API version is 1.43",
    "Exit code 1\nError response from daemon: client version 1.45 is too new. Maximum supported API version is 1.41",
    "export DOCKER_API_VERSION=<the maximum> or upgrade the Docker engine to match the CLI"
  ),
  pair(
    "h3-compose-unknown-key",
    "docker",
    "Exit code 1\nvalidating /home/ana/stack/compose.yaml: services.api additional properties 'enviroment' not allowed",
    "Exit code 1\nservices.worker Additional property depend_on is not allowed",
    "fix the misspelled key in the compose file (environment, depends_on, \u2026)"
  ),
  pair(
    "h3-docker-network-pool-exhausted",
    "docker",
    "Exit code 1\nError response from daemon: could not find an available, non-overlapping IPv4 address pool among the defaults to assign to the network",
    "Exit code 1\n[+] Running 1/0\n \u2718 Network shop_default  Error                                             0.0s\nfailed to create network shop_default: Error response from daemon: could not find an available, non-overlapping IPv4 address pool among the defaults to assign to the network",
    "remove unused networks (docker network prune) or widen default-address-pools in daemon.json"
  ),
  pair(
    "h3-docker-exec-not-in-path",
    "docker",
    'Exit code 127\ndocker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "uvicorn": executable file not found in $PATH: unknown.',
    'Exit code 1\n[+] Running 2/3\n \u2714 Container shop-db-1      Running                                        0.0s\n \u2714 Container shop-redis-1   Running                                        0.0s\n - Container shop-web-1     Starting                                       0.4s\nError response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "gunicorn": executable file not found in $PATH: unknown',
    "install the program in the image (e.g. in requirements) or fix PATH / use its full path in CMD/ENTRYPOINT"
  ),
  pair(
    "h3-docker-pull-rate-limit",
    "docker",
    "Exit code 1\nError response from daemon: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit",
    "Exit code 1\nERROR: failed to solve: python:3.12-slim: failed to resolve source metadata for docker.io/library/python:3.12-slim: failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/library/python/manifests/sha256:0000000000000000000000000000000000000000000000000000000000000000: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit",
    "docker login (authenticated pulls have a higher limit) or pull through a registry mirror"
  ),
  // java / maven / gradle
  pair(
    "h3-java-nosuchmethod-conflict",
    "java",
    `Exception in thread "main" java.lang.NoSuchMethodError: 'com.google.common.collect.ImmutableMap com.google.common.collect.ImmutableMap.of(java.lang.Object, java.lang.Object, java.lang.Object, java.lang.Object, java.lang.Object, java.lang.Object)'
	at com.acme.cfg.Defaults.<clinit>(Defaults.java:18)
	at com.acme.App.main(App.java:11)`,
    "Exit code 1\n2026-11-18T10:22:04.118Z ERROR 1 --- [           main] o.s.boot.SpringApplication               : Application run failed\n\njava.lang.NoSuchMethodError: 'void org.apache.commons.io.FileUtils.forceDelete(java.io.File, boolean)'\n	at com.acme.storage.TempFiles.cleanup(TempFiles.java:42)\n	at com.acme.storage.StorageService.init(StorageService.java:27)",
    "two versions of the library are on the classpath: find the old one (mvn dependency:tree / gradle dependencies) and pin or exclude it"
  ),
  pair(
    "h3-gradle-compile-removed",
    "gradle",
    "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/home/ana/app/build.gradle' line: 27\n\n* What went wrong:\nA problem occurred evaluating root project 'app'.\n> Could not find method compile() for arguments [org.apache.commons:commons-lang3:3.12.0] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler.",
    "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/Users/kofi/legacy/server/build.gradle' line: 41\n\n* What went wrong:\nA problem occurred evaluating project ':server'.\n> Could not find method testCompile() for arguments [junit:junit:4.13.2] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler.\n\n* Try:\n> Run with --stacktrace option to get the stack trace.",
    "Gradle 7 removed compile/testCompile: use implementation/testImplementation (runtime \u2192 runtimeOnly)"
  ),
  pair(
    "h3-gradle-plugin-not-found",
    "gradle",
    "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/home/ana/svc/build.gradle' line: 3\n\n* What went wrong:\nPlugin [id: 'org.springframework.boot', version: '3.2.0'] was not found in any of the following sources:\n\n- Gradle Core Plugins (plugin is not in 'org.gradle' namespace)\n- Plugin Repositories (could not resolve plugin artifact 'org.springframework.boot:org.springframework.boot.gradle.plugin:3.2.0')\n  Searched in the following repositories:\n    maven(https://nexus.corp.example/repository/maven-public/)",
    "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/work/tools/build.gradle.kts' line: 4\n\n* What went wrong:\nPlugin [id: 'com.github.johnrengelman.shadow', version: '8.1.1'] was not found in any of the following sources:\n\n- Gradle Core Plugins (plugin is not in 'org.gradle' namespace)\n- Included Builds (No included builds contain this plugin)\n- Plugin Repositories (could not resolve plugin artifact 'com.github.johnrengelman.shadow:com.github.johnrengelman.shadow.gradle.plugin:8.1.1')\n  Searched in the following repositories:\n    MavenRepo",
    "add gradlePluginPortal() to pluginManagement { repositories { } } in settings.gradle (and check the plugin id/version)"
  ),
  pair(
    "h3-java-pkix-truststore",
    "java",
    "[ERROR] Failed to execute goal on project api: Could not resolve dependencies for project com.acme:api:jar:1.0.0: Failed to collect dependencies at org.postgresql:postgresql:jar:42.7.1: Failed to read artifact descriptor for org.postgresql:postgresql:jar:42.7.1: Could not transfer artifact org.postgresql:postgresql:pom:42.7.1 from/to central (https://repo.maven.apache.org/maven2): PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target",
    "Exit code 1\n\n* What went wrong:\nExecution failed for task ':app:compileJava'.\n> Could not resolve all files for configuration ':app:compileClasspath'.\n   > Could not resolve com.fasterxml.jackson.core:jackson-databind:2.17.0.\n      > Could not get resource 'https://repo.maven.apache.org/maven2/com/fasterxml/jackson/core/jackson-databind/2.17.0/jackson-databind-2.17.0.pom'.\n         > Could not GET 'https://repo.maven.apache.org/maven2/com/fasterxml/jackson/core/jackson-databind/2.17.0/jackson-databind-2.17.0.pom'.\n            > PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target",
    "import the proxy/corporate root CA into the JDK truststore (keytool -importcert -cacerts) or point javax.net.ssl.trustStore at one that has it"
  ),
  pair(
    "h3-mvn-source-option-unsupported",
    "java",
    "[ERROR] COMPILATION ERROR : \n[INFO] -------------------------------------------------------------\n[ERROR] Source option 5 is no longer supported. Use 7 or later.\n[ERROR] Target option 5 is no longer supported. Use 7 or later.\n[INFO] 2 errors",
    "Exit code 1\n[INFO] --- compiler:3.1:compile (default-compile) @ legacy-batch ---\n[INFO] Changes detected - recompiling the module!\n[INFO] Compiling 48 source files to /home/kofi/legacy-batch/target/classes\n[ERROR] COMPILATION ERROR : \n[INFO] -------------------------------------------------------------\n[ERROR] Source option 7 is no longer supported. Use 8 or later.\n[ERROR] Target option 7 is no longer supported. Use 8 or later.\n[INFO] 2 errors \n[INFO] -------------------------------------------------------------",
    "set maven.compiler.release (or source/target) in the pom to a version the JDK supports, e.g. 17"
  ),
  pair(
    "h3-spring-datasource-url",
    "java",
    "***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.\n\nReason: Failed to determine a suitable driver class\n\n\nAction:\n\nConsider the following:\n	If you want an embedded database (H2, HSQL or Derby), please put it on the classpath.\n	If you have database settings to be loaded from a particular profile you may need to activate it (no profiles are currently active).",
    `Exit code 1
2026-11-19T08:41:55.310+01:00  WARN 18244 --- [orders] [           main] ConfigServletWebServerApplicationContext : Exception encountered during context initialization - cancelling refresh attempt

***************************
APPLICATION FAILED TO START
***************************

Description:

Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.

Reason: Failed to determine a suitable driver class


Action:

Consider the following:
	If you want an embedded database (H2, HSQL or Derby), please put it on the classpath.
	If you have database settings to be loaded from a particular profile you may need to activate it (the profiles "dev" are currently active).`,
    "set spring.datasource.url (and driver) for the active profile, or add H2 to the classpath for an embedded database"
  ),
  // c / c++ / make / cmake
  pair(
    "h3-clang-stdio-missing-macos",
    "c",
    "Exit code 1\nhello.c:1:10: fatal error: 'stdio.h' file not found\n#include <stdio.h>\n         ^~~~~~~~~\n1 error generated.",
    "Exit code 1\nsrc/main.cpp:2:10: fatal error: 'iostream' file not found\n    2 | #include <iostream>\n      |          ^~~~~~~~~~\n1 error generated.\nmake: *** [build/main.o] Error 1",
    "the macOS Command Line Tools are missing or broken (often after an OS update): xcode-select --install"
  ),
  pair(
    "h3-gcc-c99-for-loop",
    "c",
    "loop.c:9:5: error: 'for' loop initial declarations are only allowed in C99 or C11 mode\n    9 |     for (int i = 0; i < n; i++) {\n      |     ^~~\nloop.c:9:5: note: use option '-std=c99', '-std=gnu99', '-std=c11' or '-std=gnu11' to compile your code",
    "Exit code 2\ngcc -std=c89 -Wall -c src/matrix.c -o build/matrix.o\nsrc/matrix.c: In function \u2018mat_mul\u2019:\nsrc/matrix.c:27:9: error: \u2018for\u2019 loop initial declarations are only allowed in C99 mode\n         for (int k = 0; k < cols; k++)\n         ^\nsrc/matrix.c:27:9: note: use option -std=c99 or -std=gnu99 to compile your code\nmake: *** [Makefile:14: build/matrix.o] Error 1",
    "compile with -std=c99 (or newer), or declare the loop variable before the loop"
  ),
  pair(
    "h3-ld-cannot-find-lssl",
    "c",
    "Exit code 1\n/usr/bin/ld: cannot find -lssl: No such file or directory\ncollect2: error: ld returned 1 exit status",
    "Exit code 2\ngcc -o bin/fetcher obj/main.o obj/http.o -lssl -lcrypto -lpthread\n/usr/bin/ld: cannot find -lssl\n/usr/bin/ld: cannot find -lcrypto\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:22: bin/fetcher] Error 1",
    "install the OpenSSL development package (libssl-dev / openssl-devel) so the linker finds libssl"
  ),
  pair(
    "h3-cmake-cache-other-dir",
    "c",
    "CMake Error: The current CMakeCache.txt directory /home/ana/proj/build/CMakeCache.txt is different than the directory /home/ana/old/proj/build where CMakeCache.txt was created. This may result in binaries being created in the wrong place. If you are not sure, reedit the CMakeCache.txt",
    'Exit code 1\nCMake Error: The current CMakeCache.txt directory /src/engine/build/CMakeCache.txt is different than the directory /home/kofi/engine/build where CMakeCache.txt was created. This may result in binaries being created in the wrong place. If you are not sure, reedit the CMakeCache.txt\nCMake Error: The source "/src/engine/CMakeLists.txt" does not match the source "/home/kofi/engine/CMakeLists.txt" used to generate cache.  Re-run cmake with a different source directory.',
    "delete the build directory (or CMakeCache.txt and CMakeFiles/) and configure again"
  ),
  pair(
    "h3-cmake-minimum-too-new",
    "c",
    "CMake Error at CMakeLists.txt:1 (cmake_minimum_required):\n  CMake 3.25 or higher is required.  You are running version 3.22.1",
    "Exit code 1\nCMake Error at CMakeLists.txt:2 (cmake_minimum_required):\n  CMake 3.28 or higher is required.  You are running version 3.16.3\n\n\n-- Configuring incomplete, errors occurred!",
    "install a newer CMake (pip install cmake, the Kitware apt repository, or brew upgrade cmake)"
  ),
  pair(
    "h3-cxx-void-pointer-conversion",
    "c",
    "parser.cpp:41:25: error: invalid conversion from 'void*' to 'node*' [-fpermissive]\n   41 |     node *n = malloc(sizeof(node));\n      |               ~~~~~~^~~~~~~~~~~~~~\n      |                     |\n      |                     void*",
    "Exit code 1\nsrc/buffer.cc:18:11: error: cannot initialize a variable of type 'char *' with an rvalue of type 'void *'\n   18 |     char *data = malloc(cap);\n      |           ^      ~~~~~~~~~~~\n1 error generated.",
    "C code is being compiled as C++: cast malloc's result (or use new / std::vector), or compile the file as C"
  ),
  // ruby / bundler / rails
  pair(
    "h3-gem-pg-libpq-missing",
    "ruby",
    "Exit code 5\nInstalling pg 1.5.4 with native extensions\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n    current directory: /home/ana/.rbenv/versions/3.2.2/lib/ruby/gems/3.2.0/gems/pg-1.5.4/ext\n/home/ana/.rbenv/versions/3.2.2/bin/ruby extconf.rb\nchecking for pg_config... no\nNo pg_config... trying anyway. If building fails, please try again with\n --with-pg-config=/path/to/pg_config\nchecking for libpq-fe.h... no\nCan't find the 'libpq-fe.h header\n*** extconf.rb failed ***\n\nAn error occurred while installing pg (1.5.4), and Bundler cannot continue.\n\nIn Gemfile:\n  pg",
    "Exit code 1\nBuilding native extensions. This could take a while...\nERROR:  Error installing pg:\n	ERROR: Failed to build gem native extension.\n\n    current directory: /usr/local/bundle/gems/pg-1.5.9/ext\n/usr/local/bin/ruby extconf.rb\nChecking for pg_config ... no\nChecking for libpq-fe.h ... no\nCan't find the 'libpq-fe.h header\n*****************************************************************************\n\nUnable to find PostgreSQL client library.\n\nPlease install libpq or postgresql client package like so:\n  sudo apt install libpq-dev",
    "install the PostgreSQL client headers (libpq-dev / postgresql-devel / brew install libpq), then bundle install again"
  ),
  pair(
    "h3-gem-system-ruby-permission",
    "ruby",
    "Exit code 1\nERROR:  While executing gem ... (Gem::FilePermissionError)\n    You don't have write permissions for the /var/lib/gems/3.0.0 directory.",
    "Exit code 1\nFetching cocoapods-1.15.2.gem\nERROR:  While executing gem ... (Gem::FilePermissionError)\n    You don't have write permissions for the /Library/Ruby/Gems/2.6.0 directory.",
    "do not install into the system Ruby: use rbenv/asdf/chruby (or gem install --user-install)"
  ),
  pair(
    "h3-zeitwerk-constant-name",
    "ruby",
    "Zeitwerk::NameError: expected file /app/app/services/payment_gateway.rb to define constant PaymentGateway, but didn't",
    "Exit code 1\nrails aborted!\nZeitwerk::NameError: expected file /home/kofi/shop/app/models/api_token.rb to define constant ApiToken, but didn't (Zeitwerk::NameError)\n/home/kofi/shop/config/environment.rb:5:in `<main>'\nTasks: TOP => db:migrate => db:load_config => environment\n(See full trace by running task with --trace)",
    'make the class/module name match the file name (or add an acronym inflection such as inflect.acronym "API")'
  ),
  pair(
    "h3-rbenv-version-not-installed",
    "ruby",
    "Exit code 1\nrbenv: version `3.2.2' is not installed (set by /home/ana/blog/.ruby-version)",
    "Exit code 1\nrbenv: version `3.3.5' is not installed (set by /Users/kofi/api/.ruby-version)",
    "rbenv install <version> (update ruby-build first if the version is unknown)"
  ),
  pair(
    "h3-ruby-frozen-string",
    "ruby",
    "app/lib/slug.rb:7:in `normalize': can't modify frozen String: \"Hello World\" (FrozenError)\n	from app/lib/slug.rb:3:in `call'",
    `Exit code 1
/home/kofi/report/app/services/csv_export.rb:15:in 'CsvExport#header': can't modify frozen String: "id,name" (FrozenError)
	from /home/kofi/report/app/services/csv_export.rb:9:in 'CsvExport#call'
	from bin/export:4:in '<main>'`,
    'mutate a copy (+"" or .dup) or build a new string instead of << on a frozen literal'
  ),
  pair(
    "h3-bundler-missing-platform",
    "ruby",
    'Exit code 16\nYour bundle only supports platforms ["arm64-darwin-23"] but your local platform is x86_64-linux. Add the current platform to the lockfile with\n`bundle lock --add-platform x86_64-linux` and try again.',
    'Exit code 16\n#12 [build 4/7] RUN bundle install --jobs 4\n#12 0.812 Your bundle only supports platforms ["x86_64-darwin-22", "arm64-darwin-24"] but your local platform is x86_64-linux-musl. Add the current platform to the lockfile with\n#12 0.812 `bundle lock --add-platform x86_64-linux-musl` and try again.\n#12 ERROR: process "/bin/sh -c bundle install --jobs 4" did not complete successfully: exit code: 16',
    "bundle lock --add-platform <platform> and commit Gemfile.lock"
  ),
  // Claude Code tool errors
  pair(
    "h3-cc-notebook-use-notebookedit",
    "claude",
    "<tool_use_error>File is a Jupyter Notebook. Use the NotebookEdit to edit this file.</tool_use_error>",
    "File is a Jupyter Notebook. Use the NotebookEdit to edit this file.",
    "edit .ipynb files with the NotebookEdit tool (cell by cell), not Edit/Write"
  ),
  pair(
    "h3-cc-permission-not-granted",
    "claude",
    "Claude requested permissions to write to /home/ana/site/README.md, but you haven't granted it yet.",
    "Claude requested permissions to write to /Users/kofi/api/src/db/pool.ts, but you haven't granted it yet.",
    'allow the tool in settings (permissions.allow, e.g. "Write" or "Edit(src/**)") or run with a permission mode that permits it'
  ),
  pair(
    "h3-cc-create-existing-file",
    "claude",
    "<tool_use_error>Cannot create new file - file already exists.</tool_use_error>",
    "Cannot create new file - file already exists.",
    "the file exists: Read it and Edit with a non-empty old_string (or Write the whole file after reading it)"
  ),
  pair(
    "h3-cc-sibling-errored",
    "claude",
    "<tool_use_error>Sibling tool call errored</tool_use_error>",
    "Sibling tool call errored",
    "another call in the same parallel batch failed: fix that one and rerun this call on its own"
  ),
  pair(
    "h3-cc-mcp-tool-unavailable",
    "claude",
    "<tool_use_error>Error: No such tool available: mcp__github__create_issue</tool_use_error>",
    "<tool_use_error>Error: No such tool available: mcp__linear__list_issues</tool_use_error>",
    "the MCP server is not connected: check it with /mcp (claude mcp list) and reconnect or fix its config"
  ),
  pair(
    "h3-cc-user-rejected",
    "claude",
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.\n[Request interrupted by user for tool use]",
    "the user rejected the call: stop and ask how to proceed instead of retrying it"
  )
];
var HOLDOUT2_UNRELATED = [
  // npm / node / jest / eslint
  "Exit code 1\nnpm error code E403\nnpm error 403 403 Forbidden - PUT https://registry.npmjs.org/@acme%2fui - You cannot publish over the previously published versions: 1.4.0.",
  "Exit code 1\nnpm error code EOVERRIDE\nnpm error Override for react@^18.2.0 conflicts with direct dependency",
  "file:///home/dev/app/src/main.js:1\nimport { formatDate } from './utils.js';\n         ^^^^^^^^^^\nSyntaxError: The requested module './utils.js' does not provide an export named 'formatDate'",
  "ReferenceError: window is not defined\n    at getServerSideProps (/app/.next/server/pages/index.js:31:5)",
  'Exit code 2\n\nOops! Something went wrong! :(\n\nESLint: 9.12.0\n\nTypeError: Key "rules": Key "react/jsx-uses-react": Could not find plugin "react".',
  "Exit code 1\n  \u25CF Button \u203A calls onClick\n\n    expect(jest.fn()).toHaveBeenCalledTimes(expected)\n\n    Expected number of calls: 1\n    Received number of calls: 0",
  // tsc
  "src/routes.ts(2,22): error TS2792: Cannot find module 'hono'. Did you mean to set the 'moduleResolution' option to 'nodenext', or to add aliases to the 'paths' option?",
  `src/index.ts(3,8): error TS1192: Module '"/app/src/db"' has no default export.`,
  "src/app.ts(12,7): error TS2588: Cannot assign to 'config' because it is a constant.",
  "tsconfig.json(4,5): error TS5110: Option 'module' must be set to 'NodeNext' when option 'moduleResolution' is set to 'NodeNext'.",
  `src/worker.ts(14,9): error TS2367: This comparison appears to be unintentional because the types 'Status' and '"done"' have no overlap.`,
  // webpack / vite
  "[vite] Internal server error: [postcss] /app/src/index.css:4:3: The `bg-primary` class does not exist. If `bg-primary` is a custom class, make sure it is defined within a `@layer` directive.",
  "ERROR in main\nModule not found: Error: Can't resolve './src' in '/home/dev/site'",
  "(!) Some chunks are larger than 500 kB after minification. Consider:\n- Using dynamic import() to code-split the application",
  "[webpack-dev-server] Invalid Host/Origin header",
  "WARNING in asset size limit: The following asset(s) exceed the recommended size limit (244 KiB).\nThis can impact web performance.",
  // python / pip
  "RuntimeError: Event loop is closed",
  "TypeError: object of type 'int' has no len()",
  "ValueError: not enough values to unpack (expected 3, got 2)",
  "ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Max retries exceeded with url: /packages/ab/cd/flask-3.0.3-py3-none-any.whl (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required')))",
  "SyntaxError: 'return' outside function",
  // pytest
  "E       Failed: DID NOT RAISE <class 'KeyError'>",
  'PytestDeprecationWarning: The configuration option "asyncio_default_fixture_loop_scope" is unset.\nThe event loop scope for asynchronous fixtures will default to the fixture caching scope.',
  "E       RuntimeError: There is no current event loop in thread 'MainThread'.",
  "Exit code 1\nFAILED tests/test_cli.py::test_version - SystemExit: 2",
  // go
  "./main.go:27:15: cannot use s (variable of type fileStore) as Store value in argument to NewServer: fileStore does not implement Store (method Get has pointer receiver)",
  "panic: close of closed channel\n\ngoroutine 9 [running]:\nmain.(*Pool).Stop(...)\n	/app/pool.go:52",
  "package example.com/blog/internal/auth (test)\n	imports example.com/blog/internal/users\n	imports example.com/blog/internal/auth: import cycle not allowed in test",
  "go: downloading go1.23.99 (linux/amd64)\ngo: download go1.23.99 for linux/amd64: toolchain not available",
  // cargo
  "error[E0597]: `line` does not live long enough\n  --> src/main.rs:12:22",
  "error[E0603]: function `parse_header` is private\n --> src/main.rs:3:17",
  "error: the package 'app' does not contain this feature: tls",
  "error: toolchain 'nightly-x86_64-unknown-linux-gnu' is not installed",
  // git
  "fatal: refusing to fetch into branch 'refs/heads/main' checked out at '/work/app'",
  "warning: adding embedded git repository: vendor/sdk\nhint: You've added another git repository inside your current repository.",
  'error: Load key "/home/u/.ssh/id_ed25519": invalid format?\n\nfatal: failed to write commit object',
  "remote: Repository not found.\nfatal: repository 'https://github.com/acme/privat.git/' not found",
  "fatal: bad revision 'HEAD~5'",
  // ssl
  "curl: (52) Empty reply from server",
  "curl: (92) HTTP/2 stream 1 was not closed cleanly: INTERNAL_ERROR (err 2)",
  "Error: Client network socket disconnected before secure TLS connection was established\n    at connResetException (node:internal/errors:787:14) {\n  code: 'ECONNRESET'\n}",
  `Can't open "/usr/local/ssl/openssl.cnf" for reading, No such file or directory
40D7B1E2FA7F0000:error:80000002:system library:BIO_new_file:No such file or directory:../crypto/bio/bss_file.c:67:calling fopen(/usr/local/ssl/openssl.cnf, r)`,
  // db
  "ERROR:  permission denied for sequence orders_id_seq",
  'ERROR:  extension "vector" already exists',
  "ERROR 2003 (HY000): Can't connect to MySQL server on 'db.internal:3306' (110)",
  "pg_restore: error: input file appears to be a text format dump. Please use psql.",
  "ERROR:  deadlock detected\nDETAIL:  Process 4121 waits for ShareLock on transaction 99812; blocked by process 4133.",
  "ERROR:  canceling statement due to statement timeout",
  // shell
  "sudo: a terminal is required to read the password; either use the -S option to read from standard input or configure an askpass helper",
  "ssh: connect to host 203.0.113.10 port 22: Connection timed out",
  "sed: -e expression #1, char 9: unterminated `s' command",
  "date: illegal option -- d\nusage: date [-jnRu] [-I[date|hours|minutes|seconds]] [-f input_fmt]",
  "xargs: unterminated quote",
  // docker
  'docker: Error response from daemon: invalid mount config for type "bind": bind source path does not exist: /home/u/stack/data.',
  "Error response from daemon: network shop_default not found",
  "yaml: line 12: did not find expected key",
  "WARN[0000] /home/u/stack/docker-compose.yml: the attribute `version` is obsolete, it will be ignored, please remove it to avoid potential confusion",
  "Error response from daemon: unable to find user app: no matching entries in passwd file",
  // java
  "Caused by: java.net.UnknownHostException: repo.maven.apache.org",
  "[ERROR] Non-resolvable parent POM for com.acme:api:1.0: Could not find artifact com.acme:parent:pom:1.0 and 'parent.relativePath' points at wrong local POM",
  "/home/u/app/src/test/java/com/acme/AppTest.java:[3,29] error: package org.junit.jupiter.api does not exist",
  "> Task :app:test FAILED\n\nAppTest > parsesConfig() FAILED\n    org.opentest4j.AssertionFailedError: expected: <8080> but was: <0>",
  // c
  "CMake Error at CMakeLists.txt:1 (cmake_minimum_required):\n  Compatibility with CMake < 3.5 has been removed from CMake.",
  "src/solver.c:4:10: fatal error: 'omp.h' file not found",
  "util.c:22:5: error: conflicting types for 'parse'; have 'int(const char *)'",
  "main.c:14:12: warning: format '%d' expects argument of type 'int', but argument 2 has type 'long int' [-Wformat=]",
  "ninja: error: loading 'build.ninja': No such file or directory",
  // ruby
  "Exit code 5\nmysql.h is missing. You may need to 'sudo apt-get install libmariadb-dev', 'sudo apt-get install libmysqlclient-dev' or 'sudo yum install mysql-devel', and try again.\nAn error occurred while installing mysql2 (0.5.6), and Bundler cannot continue.",
  "rbenv: ruby: command not found\n\nThe `ruby' command exists in these Ruby versions:\n  3.1.4",
  "ActionController::InvalidAuthenticityToken (Can't verify CSRF token authenticity.)",
  "app/models/order.rb:12:in `total': wrong number of arguments (given 2, expected 1) (ArgumentError)",
  "Psych::DisallowedClass: Tried to load unspecified class: Symbol",
  // Claude Code
  "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>",
  "MCP error -32001: Request timed out",
  "<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe parameter `replace_all` type is expected as `boolean` but provided as `string`</tool_use_error>"
];

// bench/retrieval/holdout-v3.ts
var HOLDOUT3_PAIRS = [
  // npm
  pair(
    "h4-npm-etarget",
    "npm",
    "Exit code 1\nnpm ERR! code ETARGET\nnpm ERR! notarget No matching version found for zod@^4.2.0.\nnpm ERR! notarget In most cases you or one of your dependencies are requesting\nnpm ERR! notarget a package version that doesn't exist.\n\nnpm ERR! A complete log of this run can be found in: /home/marta/.npm/_logs/2026-04-14T10_22_08_913Z-debug-0.log",
    "Exit code 1\nnpm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it.\nnpm error code ETARGET\nnpm error notarget No matching version found for @tanstack/react-query@6.0.3.\nnpm error notarget In most cases you or one of your dependencies are requesting\nnpm error notarget a package version that doesn't exist.\nnpm error A complete log of this run can be found in: /Users/jbaker/.npm/_logs/2026-11-19T07_41_55_020Z-debug-0.log",
    "that version was never published: list the real ones with npm view <pkg> versions and pin an existing version"
  ),
  pair(
    "h4-npm-eintegrity",
    "npm",
    "Exit code 1\nnpm ERR! code EINTEGRITY\nnpm ERR! sha512-3rE6cN0mO3x2bZ1gXvgqIeEhq0J8kT0Xw1f3S2WkLtRnYcM8rQm4PZrW0b7Vq1xQyV5s9y8xL4r6dY8Q3m3oVg== integrity checksum failed when using sha512: wanted sha512-3rE6cN0mO3x2bZ1gXvgqIeEhq0J8kT0Xw1f3S2WkLtRnYcM8rQm4PZrW0b7Vq1xQyV5s9y8xL4r6dY8Q3m3oVg== but got sha512-Jk2tLq0v9cQbH8YpZ4n7uX1rS5wE3aF6gD2hJ0kL8mN9oP1qR3sT5uV7wX9yZ1aB3cD5eF7gH9iJ1kL3mN5oP==. (48213 bytes)\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/ci/.npm/_logs/2026-01-08T14_03_11_402Z-debug-0.log",
    "Exit code 1\nnpm error code EINTEGRITY\nnpm error sha512-a9QzL1m3n5b7V9x1Z3c5B7n9M1q3W5e7R9t1Y3u5I7o9P1a3S5d7F9g1H3j5K7l9Z1x3C5v7B9n1M3q5W7e9R1t== integrity checksum failed when using sha512: wanted sha512-a9QzL1m3n5b7V9x1Z3c5B7n9M1q3W5e7R9t1Y3u5I7o9P1a3S5d7F9g1H3j5K7l9Z1x3C5v7B9n1M3q5W7e9R1t== but got sha512-Pq8wE2rT4yU6iO8pA0sD2fG4hJ6kL8zX0cV2bN4mQ6wE8rT0yU2iO4pA6sD8fG0hJ2kL4zX6cV8bN0mQ2wE4rT==. (1204877 bytes)\nnpm error A complete log of this run can be found in: C:\\Users\\devon\\AppData\\Local\\npm-cache\\_logs\\2026-11-21T09_15_42_777Z-debug-0.log",
    "the cached tarball or the lockfile hash is stale: npm cache clean --force, delete package-lock.json (or that entry) and node_modules, then npm install"
  ),
  pair(
    "h4-npm-e401-token",
    "npm",
    "Exit code 1\nnpm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.\nnpm ERR! To correct this please trying logging in again with:\nnpm ERR!     npm login\n\nnpm ERR! A complete log of this run can be found in: /home/sam/.npm/_logs/2026-05-30T16_48_02_118Z-debug-0.log",
    "Exit code 1\nnpm http fetch GET 401 https://npm.pkg.github.com/@northwind%2fdesign-tokens 312ms (cache skip)\nnpm error code E401\nnpm error Unable to authenticate, your authentication token seems to be invalid.\nnpm error To correct this please try logging in again with:\nnpm error   npm login\nnpm error A complete log of this run can be found in: /home/runner/.npm/_logs/2026-11-22T12_30_19_664Z-debug-0.log",
    "the registry token in ~/.npmrc (or the project .npmrc / NODE_AUTH_TOKEN) is expired or wrong: npm login again or put a fresh token in _authToken"
  ),
  pair(
    "h4-npx-could-not-determine",
    "npm",
    "Exit code 1\nnpm ERR! could not determine executable to run\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/li/.npm/_logs/2026-03-19T08_12_50_300Z-debug-0.log",
    "Exit code 1\nnpm error could not determine executable to run\nnpm error A complete log of this run can be found in: /Users/ravi/.npm/_logs/2026-11-18T20_05_33_947Z-debug-0.log",
    "the package npx resolved has no bin of that name: name the package that ships the command (npx -p <package> <command>) or install it first"
  ),
  // node
  pair(
    "h4-node-unsupported-dir-import",
    "node",
    "Exit code 1\nnode:internal/modules/esm/resolve:216\n  const resolvedOption = FSLegacyMainResolve(packageJsonUrl, packageConfig.main, baseStringified);\n                         ^\n\nError [ERR_UNSUPPORTED_DIR_IMPORT]: Directory import '/home/omar/api/dist/routes' is not supported resolving ES modules imported from /home/omar/api/dist/server.js\n    at finalizeResolution (node:internal/modules/esm/resolve:212:11)\n    at moduleResolve (node:internal/modules/esm/resolve:845:10)\n    at defaultResolve (node:internal/modules/esm/resolve:969:11) {\n  code: 'ERR_UNSUPPORTED_DIR_IMPORT',\n  url: 'file:///home/omar/api/dist/routes'\n}\n\nNode.js v20.10.0",
    `Exit code 1
node:internal/modules/esm/resolve:263
    throw new ERR_UNSUPPORTED_DIR_IMPORT(path, basePath, String(resolved));
          ^

Error [ERR_UNSUPPORTED_DIR_IMPORT]: Directory import '/srv/app/build/lib/config' is not supported resolving ES modules imported from /srv/app/build/index.js
Did you mean to import "./lib/config/index.js"?
    at finalizeResolution (node:internal/modules/esm/resolve:263:11)
    at moduleResolve (node:internal/modules/esm/resolve:920:20)
    at defaultResolve (node:internal/modules/esm/resolve:1119:11)
    at ModuleLoader.defaultResolve (node:internal/modules/esm/loader:542:12) {
  code: 'ERR_UNSUPPORTED_DIR_IMPORT',
  url: 'file:///srv/app/build/lib/config'
}

Node.js v22.12.0`,
    "ESM does not resolve folders: import the file itself ('./routes/index.js'), or emit that path from tsc (moduleResolution nodenext)"
  ),
  pair(
    "h4-node-enospc-watchers",
    "node",
    "Exit code 1\nnode:internal/fs/watchers:247\n    const error = new UVException({\n                  ^\n\nError: ENOSPC: System limit for number of file watchers reached, watch '/home/kim/web/node_modules/lodash/fp'\n    at FSWatcher.<computed> (node:internal/fs/watchers:247:19)\n    at Object.watch (node:fs:2343:36)\n    at createFsWatchInstance (/home/kim/web/node_modules/chokidar/lib/nodefs-handler.js:119:15) {\n  errno: -28,\n  syscall: 'watch',\n  code: 'ENOSPC',\n  path: '/home/kim/web/node_modules/lodash/fp',\n  filename: '/home/kim/web/node_modules/lodash/fp'\n}",
    "Exit code 1\n\n  VITE v5.4.10  ready in 612 ms\n\n  \u279C  Local:   http://localhost:5173/\nnode:internal/fs/watchers:254\n    throw error;\n    ^\n\nError: ENOSPC: System limit for number of file watchers reached, watch '/workspace/monorepo/packages/ui/src/components'\n    at FSWatcher.<computed> (node:internal/fs/watchers:254:19)\n    at Object.watch (node:fs:2550:36)\n    at createFsWatchInstance (file:///workspace/monorepo/node_modules/vite/dist/node/chunks/dep-BWSbWtLw.js:42764:17) {\n  errno: -28,\n  syscall: 'watch',\n  code: 'ENOSPC',\n  path: '/workspace/monorepo/packages/ui/src/components'\n}\n\nNode.js v20.18.0",
    "raise the inotify watch limit: sudo sysctl fs.inotify.max_user_watches=524288 (persist it in /etc/sysctl.d/)"
  ),
  pair(
    "h4-node-module-version",
    "node",
    "Exit code 1\n/home/eva/bot/node_modules/bindings/bindings.js:121\n        throw e;\n        ^\n\nError: The module '/home/eva/bot/node_modules/sqlite3/build/Release/node_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 108. This version of Node.js requires\nNODE_MODULE_VERSION 115. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).\n    at Module._extensions..node (node:internal/modules/cjs/loader:1340:18)\n    at Module.load (node:internal/modules/cjs/loader:1119:32) {\n  code: 'ERR_DLOPEN_FAILED'\n}\n\nNode.js v20.9.0",
    "Exit code 1\nnode:internal/modules/cjs/loader:1586\n  return process.dlopen(module, path.toNamespacedPath(filename));\n                 ^\n\nError: The module '/Users/pat/dev/indexer/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).\n    at Module._extensions..node (node:internal/modules/cjs/loader:1586:18)\n    at Module.load (node:internal/modules/cjs/loader:1288:32)\n    at Module._load (node:internal/modules/cjs/loader:1104:12) {\n  code: 'ERR_DLOPEN_FAILED'\n}\n\nNode.js v22.11.0",
    "the native addon was built for another Node version: npm rebuild (or rm -rf node_modules && npm install) under the Node you run"
  ),
  // jest
  pair(
    "h4-jest-esm-node-modules",
    "jest",
    `Exit code 1
 FAIL  src/utils/slug.test.ts
  \u25CF Test suite failed to run

    Jest encountered an unexpected token

    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such syntax.

    Out of the box Jest supports Babel, which will be used to transform your files into valid JS based on your Babel configuration.

    By default "node_modules" folder is ignored by transformers.

    Details:

    /home/nina/shop/node_modules/nanoid/index.js:1
    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){import { webcrypto as crypto } from 'node:crypto'
                                                                                      ^^^^^^

    SyntaxError: Cannot use import statement outside a module

      1 | import { nanoid } from 'nanoid';
        | ^`,
    `Exit code 1
 FAIL  test/api/orders.spec.js
  \u25CF Test suite failed to run

    Jest encountered an unexpected token

    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such syntax.

    By default "node_modules" folder is ignored by transformers.

    Here's what you can do:
     \u2022 If you are trying to use ECMAScript Modules, see https://jestjs.io/docs/ecmascript-modules for how to enable it.
     \u2022 If you need a custom transformation specify a "transform" option in your config.
     \u2022 If you simply want to mock your non-JS modules (e.g. binary assets) you can stub them out with the "moduleNameMapper" config option.

    Details:

    /Users/ahmed/proj/node_modules/uuid/dist/esm-browser/index.js:1
    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){export { default as v1 } from './v1.js';
                                                                                      ^^^^^^

    SyntaxError: Unexpected token 'export'

Test Suites: 1 failed, 3 passed, 4 total`,
    "an ESM-only package in node_modules is not transformed: add it to the exception in transformIgnorePatterns (['/node_modules/(?!(pkg)/)']) or map it to its CJS build with moduleNameMapper"
  ),
  // tsc
  pair(
    "h4-ts2582-test-globals",
    "tsc",
    "Exit code 2\nsrc/cart/cart.test.ts(4,1): error TS2582: Cannot find name 'describe'. Do you need to install type definitions for a test runner? Try `npm i --save-dev @types/jest` or `npm i --save-dev @types/mocha`.\nsrc/cart/cart.test.ts(5,3): error TS2582: Cannot find name 'it'. Do you need to install type definitions for a test runner? Try `npm i --save-dev @types/jest` or `npm i --save-dev @types/mocha`.\nsrc/cart/cart.test.ts(7,5): error TS2304: Cannot find name 'expect'.\n\nFound 3 errors in the same file, starting at: src/cart/cart.test.ts:4",
    "Exit code 2\ntests/unit/parser.spec.ts:12:1 - error TS2582: Cannot find name 'test'. Do you need to install type definitions for a test runner? Try `npm i --save-dev @types/jest` or `npm i --save-dev @types/mocha`.\n\n12 test('parses empty input', () => {\n   ~~~~\n\ntests/unit/parser.spec.ts:13:3 - error TS2304: Cannot find name 'expect'.\n\n13   expect(parse('')).toEqual([]);\n     ~~~~~~\n\n\nFound 2 errors in the same file, starting at: tests/unit/parser.spec.ts:12",
    `the test runner's globals have no types: install @types/jest (or add "vitest/globals" / "jest" to compilerOptions.types in the tsconfig that includes the tests)`
  ),
  pair(
    "h4-ts2580-node-types",
    "tsc",
    "Exit code 2\nsrc/config.ts(3,22): error TS2580: Cannot find name 'process'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node`.",
    "Exit code 2\nscripts/build-icons.ts:1:24 - error TS2580: Cannot find name 'require'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.\n\n1 const { readdirSync } = require('fs');\n                         ~~~~~~~\n\nscripts/build-icons.ts:9:13 - error TS2580: Cannot find name '__dirname'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.\n\n9 const out = __dirname + '/icons';\n              ~~~~~~~~~\n\n\nFound 2 errors in the same file, starting at: scripts/build-icons.ts:1",
    'npm i -D @types/node and add "node" to compilerOptions.types when the tsconfig lists types'
  ),
  pair(
    "h4-ts2448-used-before-declaration",
    "tsc",
    "Exit code 2\nsrc/store/index.ts(14,20): error TS2448: Block-scoped variable 'initialState' used before its declaration.",
    "Exit code 2\nsrc/routes/admin.ts:41:7 - error TS2448: Block-scoped variable 'guard' used before its declaration.\n\n41   use(guard);\n         ~~~~~\n\n  src/routes/admin.ts:58:7\n    58 const guard = requireRole('admin');\n             ~~~~~\n    'guard' is declared here.\n\n\nFound 1 error in src/routes/admin.ts:41",
    "move the const/let declaration above its first use (or turn it into a hoisted function declaration)"
  ),
  pair(
    "h4-ts1343-import-meta",
    "tsc",
    "Exit code 2\nsrc/paths.ts(4,36): error TS1343: The 'import.meta' meta-property is only allowed when the '--module' option is 'es2020', 'es2022', 'esnext', 'system', 'node16', or 'nodenext'.",
    "Exit code 2\nsrc/env.ts:2:19 - error TS1343: The 'import.meta' meta-property is only allowed when the '--module' option is 'es2020', 'es2022', 'esnext', 'system', 'node16', 'node18', or 'nodenext'.\n\n2 const apiUrl = import.meta.env.VITE_API_URL;\n                 ~~~~~~~~~~~\n\n\nFound 1 error in src/env.ts:2",
    "set compilerOptions.module to es2022/esnext (or nodenext) in the tsconfig that compiles the file"
  ),
  pair(
    "h4-ts2688-type-definition-file",
    "tsc",
    "Exit code 2\nerror TS2688: Cannot find type definition file for 'jest'.\n  The file is in the program because:\n    Entry point of type library 'jest' specified in compilerOptions",
    `Exit code 2
error TS2688: Cannot find type definition file for 'google.maps'.
  The file is in the program because:
    Entry point of type library 'google.maps' specified in compilerOptions

  tsconfig.app.json:9:15
    9     "types": ["vite/client", "google.maps"],
                                   ~~~~~~~~~~~~~
    File is entry point of type library specified here.


Found 1 error.`,
    'a name listed in compilerOptions.types is not installed: install its @types package (npm i -D @types/<name>) or remove it from "types"'
  ),
  pair(
    "h4-ts18003-no-inputs",
    "tsc",
    `Exit code 2
error TS18003: No inputs were found in config file '/home/ula/lib/tsconfig.json'. Specified 'include' paths were '["src/**/*"]' and 'exclude' paths were '["node_modules","dist"]'.`,
    `Exit code 2
tsconfig.build.json:1:1 - error TS18003: No inputs were found in config file '/Users/dana/work/sdk/packages/client/tsconfig.build.json'. Specified 'include' paths were '["lib/**/*.ts"]' and 'exclude' paths were '["**/*.test.ts"]'.


Found 1 error.`,
    'the include globs match no file: point "include" (or "files") at the real source folder relative to that tsconfig'
  ),
  pair(
    "h4-ts2451-redeclare-global",
    "tsc",
    "Exit code 2\nscripts/seed.ts(3,7): error TS2451: Cannot redeclare block-scoped variable 'db'.\nscripts/migrate.ts(2,7): error TS2451: Cannot redeclare block-scoped variable 'db'.",
    "Exit code 2\ntools/lint-md.ts:5:7 - error TS2451: Cannot redeclare block-scoped variable 'fs'.\n\n5 const fs = require('fs');\n        ~~\n\n  tools/check-links.ts:3:7\n    3 const fs = require('fs');\n            ~~\n    'fs' was also declared here.\n\n\nFound 2 errors in 2 files.\n\nErrors  Files\n     1  tools/check-links.ts:3\n     1  tools/lint-md.ts:5",
    "the files have no import/export so they share the global scope: make each a module (add export {} or use import instead of require)"
  ),
  pair(
    "h4-ts17004-jsx-flag",
    "tsc",
    "Exit code 2\nsrc/App.tsx(8,5): error TS17004: Cannot use JSX unless the '--jsx' flag is provided.\nsrc/components/Header.tsx(12,10): error TS17004: Cannot use JSX unless the '--jsx' flag is provided.",
    `Exit code 2
packages/widgets/src/Chart.tsx:27:12 - error TS17004: Cannot use JSX unless the '--jsx' flag is provided.

27     return <svg viewBox="0 0 100 40">{bars}</svg>;
              ~~~~~~~~~~~~~~~~~~~~~~~~~~


Found 1 error in packages/widgets/src/Chart.tsx:27`,
    'set "jsx": "react-jsx" (or "preserve" for bundlers) in compilerOptions of the tsconfig that compiles the .tsx files'
  ),
  // webpack
  pair(
    "h4-wds-contentbase",
    "webpack",
    "Exit code 2\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'contentBase'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, http2?, https?, ipc?, liveReload?, magicHtml?, onAfterSetupMiddleware?, onBeforeSetupMiddleware?, onListening?, open?, port?, proxy?, server?, setupExitSignals?, setupMiddlewares?, static?, watchFiles?, webSocketServer? }",
    "Exit code 2\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'publicPath'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, ipc?, liveReload?, onListening?, open?, port?, proxy?, server?, app?, setupExitSignals?, setupMiddlewares?, static?, watchFiles?, webSocketServer? }",
    "webpack-dev-server 4+ renamed its options: move contentBase/publicPath into static: { directory, publicPath } (and devMiddleware.publicPath)"
  ),
  // vite
  pair(
    "h4-vite-sass-missing",
    "vite",
    'Exit code 1\n[vite] Internal server error: Preprocessor dependency "sass" not found. Did you install it? Try `npm install -D sass`.\n  Plugin: vite:css\n  File: /home/gil/site/src/styles/main.scss',
    'Exit code 1\n12:04:55 PM [vite] Internal server error: [sass] Preprocessor dependency "sass-embedded" not found. Did you install it? Try `npm install -D sass-embedded`.\n  Plugin: vite:css\n  File: /Users/noor/app/src/components/Nav.module.scss?used\n      at loadSassPreprocessor (file:///Users/noor/app/node_modules/vite/dist/node/chunks/dep-C6uTJdX2.js:49531:13)',
    "install the Sass compiler as a dev dependency (npm i -D sass, or sass-embedded) and restart vite"
  ),
  // webpack
  pair(
    "h4-webpack-plugin-tap",
    "webpack",
    "Exit code 1\n[webpack-cli] TypeError: Cannot read properties of undefined (reading 'tap')\n    at HtmlWebpackPlugin.apply (/home/ivo/app/node_modules/html-webpack-plugin/index.js:40:31)\n    at createCompiler (/home/ivo/app/node_modules/webpack/lib/webpack.js:74:12)\n    at create (/home/ivo/app/node_modules/webpack/lib/webpack.js:123:16)",
    "Exit code 1\n[webpack-cli] TypeError: Cannot read properties of undefined (reading 'tap')\n    at /srv/ci/frontend/node_modules/mini-css-extract-plugin/dist/index.js:188:41\n    at MiniCssExtractPlugin.apply (/srv/ci/frontend/node_modules/mini-css-extract-plugin/dist/index.js:150:14)\n    at createCompiler (/srv/ci/frontend/node_modules/webpack/lib/webpack.js:80:12)\n    at create (/srv/ci/frontend/node_modules/webpack/lib/webpack.js:132:16)\n    at webpack (/srv/ci/frontend/node_modules/webpack/lib/webpack.js:156:32)",
    "the plugin's major version targets another webpack major: upgrade the plugin to its webpack-5 release (npm ls webpack to check for a duplicate webpack)"
  ),
  pair(
    "h4-webpack-cli-config-yargs",
    "webpack",
    "Exit code 1\ninternal/modules/cjs/loader.js:883\n  throw err;\n  ^\n\nError: Cannot find module 'webpack-cli/bin/config-yargs'\nRequire stack:\n- /home/tom/legacy/node_modules/webpack-dev-server/bin/webpack-dev-server.js\n    at Function.Module._resolveFilename (internal/modules/cjs/loader.js:880:15)\n    at Function.Module._load (internal/modules/cjs/loader.js:725:27)",
    "Exit code 1\nnode:internal/modules/cjs/loader:1080\n  throw err;\n  ^\n\nError: Cannot find module 'webpack-cli/bin/config-yargs'\nRequire stack:\n- /Users/mia/code/portal/node_modules/webpack-dev-server/bin/webpack-dev-server.js\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1077:15)\n    at Module._load (node:internal/modules/cjs/loader:922:27)\n    at Module.require (node:internal/modules/cjs/loader:1143:19) {\n  code: 'MODULE_NOT_FOUND',\n  requireStack: [ '/Users/mia/code/portal/node_modules/webpack-dev-server/bin/webpack-dev-server.js' ]\n}\n\nNode.js v18.18.2",
    "webpack-cli 4+ dropped that file: start the dev server with `webpack serve` instead of the webpack-dev-server binary (or upgrade webpack-dev-server)"
  ),
  // vite
  pair(
    "h4-vite-proxy-refused",
    "vite",
    "9:41:07 AM [vite] http proxy error: /api/users\nError: connect ECONNREFUSED 127.0.0.1:8080\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)",
    "3:12:44 PM [vite] http proxy error: /graphql\nAggregateError [ECONNREFUSED]: \n    at internalConnectMultiple (node:net:1118:18)\n    at afterConnectMultiple (node:net:1685:7)\n3:12:45 PM [vite] http proxy error: /graphql\nAggregateError [ECONNREFUSED]: \n    at internalConnectMultiple (node:net:1118:18)\n    at afterConnectMultiple (node:net:1685:7) (x2)",
    "nothing listens at the proxy target: start the backend, or fix server.proxy target host/port in vite.config (use 127.0.0.1 if it listens on IPv4 only)"
  ),
  // webpack
  pair(
    "h4-copy-plugin-patterns",
    "webpack",
    "Exit code 2\n[webpack-cli] Invalid options object. Copy Plugin has been initialized using an options object that does not match the API schema.\n - options misses the property 'patterns'. Should be:\n   [non-empty string | object { from, to?, context?, globOptions?, filter?, toType?, force?, priority?, info?, transform?, transformAll?, noErrorOnMissing? }, ...] (should not have fewer than 1 item)",
    "Exit code 2\n[webpack-cli] ValidationError: Invalid options object. Copy Plugin has been initialized using an options object that does not match the API schema.\n - options[0] misses the property 'patterns'. Should be:\n   [non-empty string | object { from, to?, context?, globOptions?, filter?, toType?, force?, priority?, info?, transform?, transformAll?, noErrorOnMissing? }, ...] (should not have fewer than 1 item)\n    at validate (/home/runner/work/site/site/node_modules/schema-utils/dist/validate.js:158:11)\n    at new CopyPlugin (/home/runner/work/site/site/node_modules/copy-webpack-plugin/dist/index.js:172:5)",
    "copy-webpack-plugin 6+ takes an object: new CopyPlugin({ patterns: [{ from: 'public', to: '.' }] }) instead of an array"
  ),
  // vite
  pair(
    "h4-vite-tla-target",
    "vite",
    'Exit code 1\nvite v5.2.8 building for production...\n\u2713 41 modules transformed.\nx Build failed in 1.18s\nerror during build:\n[vite:esbuild-transpile] Transform failed with 1 error:\nassets/index-!~{001}~.js:12:14: ERROR: Top-level await is not available in the configured target environment ("chrome87", "edge88", "es2020", "firefox78", "safari14" + 2 overrides)',
    'Exit code 1\nvite v6.0.3 building for production...\ntransforming...\n\u2713 312 modules transformed.\nrendering chunks...\nx Build failed in 2.41s\nerror during build:\n[vite:esbuild-transpile] Transform failed with 1 error:\nassets/worker-!~{00a}~.js:3:0: ERROR: Top-level await is not available in the configured target environment ("chrome87", "edge88", "es2020", "firefox78", "safari14" + 2 overrides)\n\n    at failureErrorWithLog (/home/ben/pwa/node_modules/esbuild/lib/main.js:1476:15)\n    at /home/ben/pwa/node_modules/esbuild/lib/main.js:755:50',
    "raise the build target: build.target = 'es2022' (or 'esnext') in vite.config, plus optimizeDeps.esbuildOptions.target for dev"
  ),
  // python
  pair(
    "h4-py-distutils-312",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/aya/tools/setup.py", line 2, in <module>
    from distutils.core import setup
ModuleNotFoundError: No module named 'distutils'`,
    `Exit code 1
Traceback (most recent call last):
  File "/Users/finn/proj/.venv/bin/manage-assets", line 5, in <module>
    from assetpipe.cli import main
  File "/Users/finn/proj/.venv/lib/python3.12/site-packages/assetpipe/cli.py", line 9, in <module>
    from distutils.version import LooseVersion
ModuleNotFoundError: No module named 'distutils'`,
    "Python 3.12 removed distutils: pip install setuptools (it provides the distutils shim) or upgrade the package that imports it"
  ),
  pair(
    "h4-py-fstring-nested-quotes",
    "python",
    `Exit code 1
  File "/home/aya/report/render.py", line 18
    print(f"Total for {row["name"]}: {row["total"]}")
                            ^^^^
SyntaxError: f-string: unmatched '['`,
    `Exit code 1
  File "/opt/jobs/notify.py", line 44
    msg = f'User {user['email']} has {len(user['roles'])} roles'
                         ^^^^^
SyntaxError: f-string: unmatched '['`,
    `before Python 3.12 an f-string cannot reuse its own quote inside {}: use the other quote kind inside (f"{row['name']}") or upgrade to 3.12`
  ),
  pair(
    "h4-py-relative-import-no-parent",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/aya/svc/app/main.py", line 3, in <module>\n    from .db import session\nImportError: attempted relative import with no known parent package',
    'Exit code 1\nTraceback (most recent call last):\n  File "C:\\Users\\kwame\\code\\scraper\\scraper\\run.py", line 1, in <module>\n    from .parsers.html import extract_links\nImportError: attempted relative import with no known parent package',
    "run the file as a module from the project root (python -m app.main) instead of python app/main.py"
  ),
  pair(
    "h4-pip-pg-config",
    "python",
    "Exit code 1\nCollecting psycopg2==2.9.9\n  Downloading psycopg2-2.9.9.tar.gz (384 kB)\n  Preparing metadata (setup.py) ... error\n  error: subprocess-exited-with-error\n\n  \xD7 python setup.py egg_info did not run successfully.\n  \u2502 exit code: 1\n  \u2570\u2500> [23 lines of output]\n      running egg_info\n      writing psycopg2.egg-info/PKG-INFO\n\n      Error: pg_config executable not found.\n\n      pg_config is required to build psycopg2 from source.  Please add the directory\n      containing pg_config to the $PATH or specify the full executable path with the\n      option:\n\n          python setup.py build_ext --pg-config /path/to/pg_config build ...\n\n      If you prefer to avoid building psycopg2 from source, please install the PyPI\n      'psycopg2-binary' package instead.\n      [end of output]\n\n  note: This error originates from a subprocess, and is likely not a problem with pip.\nerror: metadata-generation-failed",
    "Exit code 1\nCollecting psycopg2<3,>=2.8 (from -r requirements/prod.txt (line 7))\n  Using cached psycopg2-2.9.10.tar.gz (385 kB)\n  Installing build dependencies ... done\n  Getting requirements to build wheel ... error\n  error: subprocess-exited-with-error\n\n  \xD7 Getting requirements to build wheel did not run successfully.\n  \u2502 exit code: 1\n  \u2570\u2500> [21 lines of output]\n      running egg_info\n      Error: pg_config executable not found.\n\n      pg_config is required to build psycopg2 from source.  Please add the directory\n      containing pg_config to the $PATH or specify the full executable path with the\n      option:\n\n          python setup.py build_ext --pg-config /path/to/pg_config build ...\n\n      If you prefer to avoid building psycopg2 from source, please install the PyPI\n      'psycopg2-binary' package instead.\n      [end of output]\n\n  note: This error originates from a subprocess, and is likely not a problem with pip.\nerror: subprocess-exited-with-error",
    "install the libpq headers (apt install libpq-dev / brew install libpq) so pg_config exists, or use psycopg2-binary"
  ),
  // pip
  pair(
    "h4-pip-user-in-venv",
    "pip",
    "Exit code 1\nERROR: Can not perform a '--user' install. User site-packages are not visible in this virtualenv.",
    "Exit code 1\nDefaulting to user installation because normal site-packages is not writeable\nERROR: Can not perform a '--user' install. User site-packages are not visible in this virtualenv.\n\n[notice] A new release of pip is available: 23.2.1 -> 24.3.1\n[notice] To update, run: python -m pip install --upgrade pip",
    "inside a virtualenv drop --user (and unset PIP_USER / user=true in pip.conf): pip install into the venv directly"
  ),
  // python
  pair(
    "h4-py-libgl-cv2",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/app/worker.py", line 4, in <module>\n    import cv2\n  File "/usr/local/lib/python3.11/site-packages/cv2/__init__.py", line 181, in <module>\n    bootstrap()\n  File "/usr/local/lib/python3.11/site-packages/cv2/__init__.py", line 153, in bootstrap\n    native_module = importlib.import_module("cv2")\nImportError: libGL.so.1: cannot open shared object file: No such file or directory',
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/ocr/pipeline/preprocess.py", line 12, in <module>\n    from albumentations import Compose\n  File "/srv/ocr/.venv/lib/python3.10/site-packages/albumentations/__init__.py", line 5, in <module>\n    from .augmentations import *\n  File "/srv/ocr/.venv/lib/python3.10/site-packages/albumentations/augmentations/blur/functional.py", line 5, in <module>\n    import cv2\n  File "/srv/ocr/.venv/lib/python3.10/site-packages/cv2/__init__.py", line 181, in <module>\n    bootstrap()\n  File "/srv/ocr/.venv/lib/python3.10/site-packages/cv2/__init__.py", line 153, in bootstrap\n    native_module = importlib.import_module("cv2")\n  File "/usr/lib/python3.10/importlib/__init__.py", line 126, in import_module\n    return _bootstrap._gcd_import(name[level:], package)\nImportError: libGL.so.1: cannot open shared object file: No such file or directory',
    "on a headless server use opencv-python-headless instead of opencv-python (or apt install libgl1)"
  ),
  pair(
    "h4-py-naive-aware-datetime",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/aya/billing/jobs/expire.py", line 27, in run
    if sub.ends_at < datetime.utcnow():
TypeError: can't compare offset-naive and offset-aware datetimes`,
    `Exit code 1
Traceback (most recent call last):
  File "/srv/api/app/services/tokens.py", line 88, in is_expired
    return datetime.now() >= token.expires_at
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
TypeError: can't compare offset-naive and offset-aware datetimes`,
    "make both datetimes timezone-aware: use datetime.now(timezone.utc) instead of utcnow()/now() (or attach tzinfo to the naive one)"
  ),
  pair(
    "h4-py-numpy-removed-aliases",
    "python",
    "Exit code 1\nTraceback (most recent call last):\n  File \"/home/aya/ml/prep.py\", line 40, in <module>\n    X = X.astype(np.float)\n  File \"/home/aya/ml/.venv/lib/python3.11/site-packages/numpy/__init__.py\", line 319, in __getattr__\n    raise AttributeError(__former_attrs__[attr])\nAttributeError: module 'numpy' has no attribute 'float'.\n`np.float` was a deprecated alias for the builtin `float`. To avoid this error in existing code, use `float` by itself. Doing this will not modify any behavior and is safe. If you specifically wanted the numpy scalar type, use `np.float64` here.\nThe aliases was originally deprecated in NumPy 1.20; for more details and guidance see the original release note at:\n    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations",
    "Exit code 1\nTraceback (most recent call last):\n  File \"/opt/etl/transform/features.py\", line 112, in encode\n    mask = np.zeros(n, dtype=np.bool)\n                             ^^^^^^^\n  File \"/opt/etl/venv/lib/python3.12/site-packages/numpy/__init__.py\", line 400, in __getattr__\n    raise AttributeError(__former_attrs__[attr], name=None)\nAttributeError: module 'numpy' has no attribute 'bool'.\n`np.bool` was a deprecated alias for the builtin `bool`. To avoid this error in existing code, use `bool` by itself. Doing this will not modify any behavior and is safe. If you specifically wanted the numpy scalar type, use `np.bool_` here.\nThe aliases was originally deprecated in NumPy 1.20; for more details and guidance see the original release note at:\n    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations",
    "NumPy 1.24 removed the np.float/np.int/np.bool/np.object aliases: use the builtin (float, int, bool, object) or np.float64/np.bool_"
  ),
  // pytest
  pair(
    "h4-pytest-xdist-missing",
    "pytest",
    "Exit code 4\nERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\npytest: error: unrecognized arguments: -n\n  inifile: /home/aya/svc/pytest.ini\n  rootdir: /home/aya/svc",
    "Exit code 4\nERROR: usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: unrecognized arguments: -n --dist=loadfile\n  inifile: /builds/platform/api/pyproject.toml\n  rootdir: /builds/platform/api",
    "-n comes from pytest-xdist: pip install pytest-xdist in the environment that runs pytest (or drop -n from addopts)"
  ),
  pair(
    "h4-pytest-test-class-init",
    "pytest",
    "Exit code 5\n============================= test session starts ==============================\nplatform linux -- Python 3.11.6, pytest-7.4.3, pluggy-1.3.0\nrootdir: /home/aya/svc\ncollected 0 items\n\n=============================== warnings summary ===============================\ntests/test_settings.py:8\n  /home/aya/svc/tests/test_settings.py:8: PytestCollectionWarning: cannot collect test class 'TestSettings' because it has a __init__ constructor (from: tests/test_settings.py)\n    class TestSettings:\n\n-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html\n============================== 1 warning in 0.02s ==============================",
    "Exit code 5\n============================= test session starts ==============================\nplatform darwin -- Python 3.12.4, pytest-8.3.3, pluggy-1.5.0\nrootdir: /Users/lea/code/ledger\nconfigfile: pyproject.toml\nplugins: anyio-4.6.0\ncollected 0 items\n\n=============================== warnings summary ===============================\ntests/unit/test_money.py:14\n  /Users/lea/code/ledger/tests/unit/test_money.py:14: PytestCollectionWarning: cannot collect test class 'TestMoneyFormatter' because it has a __init__ constructor (from: tests/unit/test_money.py)\n    class TestMoneyFormatter:\n\n-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html\n============================= no tests ran in 0.03s ============================",
    "pytest only collects Test* classes without __init__: move the setup into setup_method or a fixture (or rename helper classes that start with Test / set __test__ = False)"
  ),
  pair(
    "h4-pytest-fixture-called-directly",
    "pytest",
    'Exit code 1\n=================================== FAILURES ===================================\n_______________________________ test_user_login ________________________________\n\n    def test_user_login():\n>       u = user()\nE       Failed: Fixture "user" called directly. Fixtures are not meant to be called directly,\nE       but are created automatically when test functions request them as parameters.\nE       See https://docs.pytest.org/en/stable/explanation/fixtures.html for more information about fixtures, and\nE       https://docs.pytest.org/en/stable/deprecations.html#calling-fixtures-directly about how to update your code.\n\ntests/test_auth.py:21: Failed\n=========================== short test summary info ============================\nFAILED tests/test_auth.py::test_user_login - Failed: Fixture "user" called directly. Fixtures are not meant to be called directly,',
    `Exit code 1
________________________ TestInvoices.test_totals[eur] _________________________

self = <tests.billing.test_invoices.TestInvoices object at 0x7f3a2c1d9e50>, currency = 'eur'

    def test_totals(self, currency):
>       inv = make_invoice(currency=currency)
E       Failed: Fixture "make_invoice" called directly. Fixtures are not meant to be called directly,
E       but are created automatically when test functions request them as parameters.
E       See https://docs.pytest.org/en/stable/explanation/fixtures.html for more information about fixtures, and
E       https://docs.pytest.org/en/stable/deprecations.html#calling-fixtures-directly about how to update your code.

tests/billing/test_invoices.py:57: Failed
=========================== short test summary info ============================
FAILED tests/billing/test_invoices.py::TestInvoices::test_totals[eur] - Failed: Fixture "make_invoice" called directly. Fixtures are not meant to be called directly,
========================= 1 failed, 23 passed in 1.12s =========================`,
    "request the fixture as a test parameter instead of calling it (for a factory, make the fixture return a function and call that)"
  ),
  pair(
    "h4-pytest-float-approx",
    "pytest",
    "Exit code 1\n    def test_vat():\n>       assert add_vat(0.1, 0.2) == 0.3\nE       assert 0.30000000000000004 == 0.3\nE        +  where 0.30000000000000004 = add_vat(0.1, 0.2)\n\ntests/test_tax.py:9: AssertionError\n=========================== short test summary info ============================\nFAILED tests/test_tax.py::test_vat - assert 0.30000000000000004 == 0.3",
    "Exit code 1\n    def test_average_rating():\n        ratings = [4.7, 4.1, 3.9]\n>       assert average(ratings) == 4.233333333333333\nE       assert 4.233333333333334 == 4.233333333333333\nE        +  where 4.233333333333334 = average([4.7, 4.1, 3.9])\n\ntests/stats/test_average.py:31: AssertionError\n=========================== short test summary info ============================\nFAILED tests/stats/test_average.py::test_average_rating - assert 4.233333333333334 == 4.233333333333333\n========================= 1 failed, 40 passed in 0.41s =========================",
    "compare floats with a tolerance: assert value == pytest.approx(expected)"
  ),
  pair(
    "h4-pytest-asyncio-loop-scope",
    "pytest",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/aya/svc/.venv/bin/pytest", line 8, in <module>\n    sys.exit(console_main())\n             ^^^^^^^^^^^^^^\n  File "/home/aya/svc/.venv/lib/python3.12/site-packages/_pytest/config/__init__.py", line 201, in console_main\n    code = main()\n           ^^^^^^\n  File "/home/aya/svc/.venv/lib/python3.12/site-packages/pytest_asyncio/plugin.py", line 207, in pytest_configure\n    config.issue_config_time_warning(PytestDeprecationWarning(_DEFAULT_FIXTURE_LOOP_SCOPE_UNSET), stacklevel=2)\n  File "/home/aya/svc/.venv/lib/python3.12/site-packages/_pytest/config/__init__.py", line 1521, in issue_config_time_warning\n    warnings.warn(warning, stacklevel=stacklevel)\npytest.PytestDeprecationWarning: The configuration option "asyncio_default_fixture_loop_scope" is unset.\nThe event loop scope for asynchronous fixtures will default to the fixture caching scope. Future versions of pytest-asyncio will default the loop scope for asynchronous fixtures to function scope. Set the default fixture loop scope explicitly in order to avoid unexpected behavior in the future. Valid fixture loop scopes are: "function", "class", "module", "package", "session"',
    'Exit code 1\n=============================== warnings summary ===============================\n.venv/lib/python3.11/site-packages/pytest_asyncio/plugin.py:208\n  /builds/data/ingest/.venv/lib/python3.11/site-packages/pytest_asyncio/plugin.py:208: PytestDeprecationWarning: The configuration option "asyncio_default_fixture_loop_scope" is unset.\n  The event loop scope for asynchronous fixtures will default to the fixture caching scope. Future versions of pytest-asyncio will default the loop scope for asynchronous fixtures to function scope. Set the default fixture loop scope explicitly in order to avoid unexpected behavior in the future. Valid fixture loop scopes are: "function", "class", "module", "package", "session"\n\n    warnings.warn(PytestDeprecationWarning(_DEFAULT_FIXTURE_LOOP_SCOPE_UNSET))\n\n-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html\n=========================== short test summary info ============================\nERROR tests - pytest.PytestDeprecationWarning: The configuration option "asyncio_default_fixture_loop_scope" is unset.',
    'set asyncio_default_fixture_loop_scope = "function" in the pytest config ([tool.pytest.ini_options] or pytest.ini)'
  ),
  pair(
    "h4-pytest-hypothesis-function-fixture",
    "pytest",
    "Exit code 1\nE   hypothesis.errors.FailedHealthCheck: test_roundtrip uses a function-scoped fixture 'tmp_path'.\nE\nE   Function-scoped fixtures are not reset between examples generated by `@given(...)`, which is often surprising and can cause subtle test bugs.\nE\nE   If you were expecting the fixture to run separately for each generated example, then unfortunately you will need to find a different way to achieve your goal (e.g. using a similar context manager instead of a fixture).\nE\nE   If you are confident that your test will work correctly even though the fixture is not reset between generated examples, you can suppress this health check via:\nE\nE   @settings(suppress_health_check=[HealthCheck.function_scoped_fixture])",
    "Exit code 1\n________________________ test_parse_never_crashes ________________________\ntests/fuzz/test_parser.py:22: in test_parse_never_crashes\n    @given(st.text())\nE   hypothesis.errors.FailedHealthCheck: test_parse_never_crashes uses a function-scoped fixture 'monkeypatch'.\nE\nE   Function-scoped fixtures are not reset between examples generated by `@given(...)`, which is often surprising and can cause subtle test bugs.\nE\nE   If you were expecting the fixture to run separately for each generated example, then unfortunately you will need to find a different way to achieve your goal (e.g. using a similar context manager instead of a fixture).\nE\nE   If you are confident that your test will work correctly even though the fixture is not reset between generated examples, you can suppress this health check via:\nE\nE   @settings(suppress_health_check=[HealthCheck.function_scoped_fixture])\nE\nE   See https://hypothesis.readthedocs.io/en/latest/settings.html#hypothesis.HealthCheck for details.",
    "do not use a function-scoped fixture inside @given: create the resource per example (a context manager / tmp_path_factory) or suppress HealthCheck.function_scoped_fixture if sharing is fine"
  ),
  // go
  pair(
    "h4-go-no-main-module",
    "go",
    "Exit code 1\ngo: cannot find main module, but found .git/config in /home/yuki/src/notes\n	to create a module there, run:\n	go mod init",
    "Exit code 1\ngo: go.mod file not found in current directory or any parent directory; see 'go help modules'",
    "there is no go.mod above the current folder: run go mod init <module/path> at the project root (or cd into the module)"
  ),
  pair(
    "h4-go-deadlock",
    "go",
    "Exit code 1\nfatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan send]:\nmain.main()\n	/home/yuki/src/pipe/main.go:11 +0x37\nexit status 2",
    "Exit code 1\nfatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\nmain.collect(...)\n	/Users/ivan/go/src/github.com/ivan/crawler/collect.go:28\nmain.main()\n	/Users/ivan/go/src/github.com/ivan/crawler/main.go:40 +0x1c5\n\ngoroutine 18 [semacquire]:\nsync.runtime_Semacquire(0xc0000b4008?)\n	/usr/local/go/src/runtime/sema.go:62 +0x25\nsync.(*WaitGroup).Wait(0x0?)\n	/usr/local/go/src/sync/waitgroup.go:116 +0x48\nexit status 2",
    "a channel send/receive has no partner: receive in another goroutine, buffer the channel, or close it after the producers finish (wg.Wait() then close in a goroutine)"
  ),
  pair(
    "h4-go-major-version-suffix",
    "go",
    'Exit code 1\ngo: github.com/go-redis/redis@v8.11.5+incompatible: invalid version: module contains a go.mod file, so module path must match major version ("github.com/go-redis/redis/v8")',
    'Exit code 1\ngo: downloading github.com/jackc/pgx v5.5.4+incompatible\ngo: github.com/jackc/pgx@v5.5.4: invalid version: module contains a go.mod file, so module path must match major version ("github.com/jackc/pgx/v5")',
    "v2+ modules live at a /vN path: import and go get github.com/owner/repo/vN (e.g. go get github.com/jackc/pgx/v5)"
  ),
  pair(
    "h4-go-cgo-no-gcc",
    "go",
    'Exit code 1\n# runtime/cgo\ncgo: C compiler "gcc" not found: exec: "gcc": executable file not found in $PATH',
    'Exit code 1\ngo: downloading github.com/mattn/go-sqlite3 v1.14.22\n# github.com/mattn/go-sqlite3\ncgo: C compiler "gcc" not found: exec: "gcc": executable file not found in %PATH%',
    "install a C toolchain (apt install build-essential / apk add build-base / MinGW on Windows) or build with CGO_ENABLED=0 and a pure-Go driver"
  ),
  pair(
    "h4-go-pkg-not-in-goroot",
    "go",
    "Exit code 1\nmain.go:6:2: package slices is not in GOROOT (/usr/lib/go-1.19/src/slices)",
    "Exit code 1\ninternal/store/cache.go:5:2: package maps is not in std (/usr/local/go/src/maps)\ninternal/store/cache.go:7:2: package cmp is not in std (/usr/local/go/src/cmp)",
    "slices/maps/cmp are standard only since Go 1.21: upgrade the Go toolchain (or use golang.org/x/exp/slices)"
  ),
  pair(
    "h4-go-superfluous-writeheader",
    "go",
    "2026/06/02 10:14:08 http: superfluous response.WriteHeader call from main.(*server).handleUpload (upload.go:52)",
    "2026/11/21 22:03:51 http: superfluous response.WriteHeader call from github.com/acme/api/internal/httpx.JSON (respond.go:19)\n2026/11/21 22:03:51 http: superfluous response.WriteHeader call from github.com/acme/api/internal/httpx.JSON (respond.go:19)",
    "the handler writes the status twice: return right after writing an error response and call WriteHeader once, before any Write"
  ),
  pair(
    "h4-go-scan-null",
    "go",
    'Exit code 1\n2026/03/12 09:20:11 sql: Scan error on column index 3, name "deleted_at": converting NULL to string is unsupported\nexit status 1',
    'Exit code 1\npanic: sql: Scan error on column index 1, name "nickname": converting NULL to string is unsupported\n\ngoroutine 1 [running]:\nmain.listUsers(0xc0000a2000)\n	/home/dev/usersvc/cmd/list/main.go:44 +0x2a5\nexit status 2',
    "the column can be NULL: scan into sql.NullString / *string (or COALESCE it in the query)"
  ),
  pair(
    "h4-go-json-unmarshal-type",
    "go",
    "Exit code 1\n2026/04/01 11:02:33 json: cannot unmarshal string into Go struct field Config.port of type int\nexit status 1",
    "Exit code 1\nError: decode response: json: cannot unmarshal number into Go struct field Order.items.sku of type string\nexit status 1",
    'the JSON type differs from the struct field type: change the field type (or use json.Number / the ",string" tag) to match the payload'
  ),
  // cargo
  pair(
    "h4-rust-e0599-trait-not-in-scope",
    "cargo",
    'Exit code 101\n   Compiling logtail v0.3.0 (/home/ana/logtail)\nerror[E0599]: no method named `write_all` found for struct `File` in the current scope\n  --> src/main.rs:14:10\n   |\n14 |     file.write_all(line.as_bytes())?;\n   |          ^^^^^^^^^ method not found in `File`\n   |\n   = help: items from traits can only be used if the trait is in scope\nhelp: the following trait is implemented but not in scope; perhaps add a `use` for it:\n   |\n1  + use std::io::Write;\n   |\n\nFor more information about this error, try `rustc --explain E0599`.\nerror: could not compile `logtail` (bin "logtail") due to 1 previous error',
    "Exit code 101\n   Compiling http-probe v0.1.0 (/Users/kenji/dev/http-probe)\nerror[E0599]: no method named `read_to_string` found for struct `TcpStream` in the current scope\n   --> src/probe.rs:48:16\n    |\n48  |         stream.read_to_string(&mut body)?;\n    |                ^^^^^^^^^^^^^^ method not found in `TcpStream`\n    |\n   ::: /Users/kenji/.rustup/toolchains/stable-aarch64-apple-darwin/lib/rustlib/src/rust/library/std/src/io/mod.rs:1002:8\n    |\n    = help: items from traits can only be used if the trait is in scope\nhelp: trait `Read` which provides `read_to_string` is implemented but not in scope; perhaps you want to import it\n    |\n1   + use std::io::Read;\n    |\n\nerror: could not compile `http-probe` (lib) due to 1 previous error",
    "the method comes from a trait that is not imported: add the `use` the help line suggests (e.g. use std::io::Write / std::io::Read)"
  ),
  pair(
    "h4-rust-e0433-undeclared-crate",
    "cargo",
    'Exit code 101\nerror[E0433]: failed to resolve: use of undeclared crate or module `tokio`\n --> src/main.rs:3:3\n  |\n3 | #[tokio::main]\n  |   ^^^^^ use of undeclared crate or module `tokio`\n\nerror: could not compile `fetcher` (bin "fetcher") due to 1 previous error',
    "Exit code 101\n    Checking report-gen v0.2.1 (/home/runner/work/report-gen)\nerror[E0433]: failed to resolve: use of unresolved module or unlinked crate `serde_json`\n  --> src/render.rs:22:17\n   |\n22 |     let value = serde_json::to_string_pretty(&report)?;\n   |                 ^^^^^^^^^^ use of unresolved module or unlinked crate `serde_json`\n   |\n   = help: if you wanted to use a crate named `serde_json`, use `cargo add serde_json` to add it to your `Cargo.toml`\n\nerror: could not compile `report-gen` (lib) due to 1 previous error",
    "the crate is not a dependency: cargo add <crate> (adds it under [dependencies] in Cargo.toml), with the features you use"
  ),
  pair(
    "h4-rust-missing-target",
    "cargo",
    "Exit code 101\n   Compiling cfg-if v1.0.0\nerror[E0463]: can't find crate for `core`\n  |\n  = note: the `wasm32-unknown-unknown` target may not be installed\n  = help: consider downloading the target with `rustup target add wasm32-unknown-unknown`\n\nerror: could not compile `cfg-if` (lib) due to 1 previous error",
    "Exit code 101\n   Compiling compiler_builtins v0.1.109\nerror[E0463]: can't find crate for `std`\n  |\n  = note: the `aarch64-unknown-linux-musl` target may not be installed\n  = help: consider downloading the target with `rustup target add aarch64-unknown-linux-musl`\n  = help: consider building the standard library from source with `cargo build -Zbuild-std`\n\nFor more information about this error, try `rustc --explain E0463`.\nerror: could not compile `compiler_builtins` (lib) due to 1 previous error",
    "install the standard library for that target: rustup target add <target> (for the toolchain the project uses)"
  ),
  pair(
    "h4-rust-e0603-private",
    "cargo",
    "Exit code 101\nerror[E0603]: function `parse_header` is private\n  --> src/bin/cli.rs:4:19\n   |\n4  | use wavtool::wav::parse_header;\n   |                   ^^^^^^^^^^^^ private function\n   |\nnote: the function `parse_header` is defined here\n  --> src/wav.rs:31:1\n   |\n31 | fn parse_header(buf: &[u8]) -> Result<Header> {\n   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    'Exit code 101\nerror[E0603]: struct `RetryPolicy` is private\n   --> tests/retry.rs:2:24\n    |\n2   | use backoffkit::policy::RetryPolicy;\n    |                         ^^^^^^^^^^^ private struct\n    |\nnote: the struct `RetryPolicy` is defined here\n   --> src/policy.rs:12:1\n    |\n12  | struct RetryPolicy {\n    | ^^^^^^^^^^^^^^^^^^\n\nFor more information about this error, try `rustc --explain E0603`.\nerror: could not compile `backoffkit` (test "retry") due to 1 previous error',
    "make the item (and its module) public: pub fn / pub struct, pub mod in lib.rs (or pub(crate) when used inside the crate only)"
  ),
  pair(
    "h4-tokio-runtime-in-runtime",
    "cargo",
    "Exit code 101\nthread 'main' panicked at /home/ana/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.36.0/src/runtime/scheduler/multi_thread/mod.rs:86:9:\nCannot start a runtime from within a runtime. This happens because a function (like `block_on`) attempted to block the current thread while the thread is being used to drive asynchronous tasks.\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "Exit code 101\nthread 'tokio-runtime-worker' panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/tokio-1.41.1/src/runtime/blocking/shutdown.rs:51:21:\nCannot drop a runtime in a context where blocking is not allowed. This happens when a runtime is dropped from within an asynchronous context.\nthread 'main' panicked at src/sync_client.rs:33:14:\nCannot start a runtime from within a runtime. This happens because a function (like `block_on`) attempted to block the current thread while the thread is being used to drive asynchronous tasks.",
    "do not block_on (or use a blocking client / new Runtime) inside async code: .await the future, or move the blocking code into tokio::task::spawn_blocking"
  ),
  pair(
    "h4-cargo-rustc-too-old",
    "cargo",
    "Exit code 101\nerror: package `clap_lex v0.7.2` cannot be built because it requires rustc 1.74 or newer, while the currently active rustc version is 1.70.0\nEither upgrade to rustc 1.74 or newer, or use\ncargo update clap_lex@0.7.2 --precise ver\nwhere `ver` is the latest version of `clap_lex` supporting rustc 1.70.0",
    "Exit code 101\n    Updating crates.io index\n  Downloaded icu_properties v1.5.1\nerror: rustc 1.75.0 is not supported by the following packages:\n  icu_properties@1.5.1 requires rustc 1.81\n  url@2.5.4 requires rustc 1.81\nEither upgrade rustc or select compatible dependency versions with\n`cargo update <name>@<current-ver> --precise <compatible-ver>`\nwhere `<compatible-ver>` is the latest version supporting rustc 1.75.0",
    "a dependency needs a newer compiler: rustup update (or set rust-version and pin the dependency with cargo update -p <pkg> --precise <older>)"
  ),
  pair(
    "h4-rust-e0716-temporary-dropped",
    "cargo",
    'Exit code 101\nerror[E0716]: temporary value dropped while borrowed\n  --> src/config.rs:19:20\n   |\n19 |     let name = env::var("APP_NAME").unwrap_or_default().trim();\n   |                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^        - temporary value is freed at the end of this statement\n   |                |\n   |                creates a temporary value which is freed while still in use\n20 |     println!("{name}");\n   |                ----- borrow later used here\n   |\n   = note: consider using a `let` binding to create a longer lived value',
    "Exit code 101\nerror[E0716]: temporary value dropped while borrowed\n   --> src/index.rs:77:24\n    |\n77  |         let words: Vec<&str> = line.to_lowercase().split_whitespace().collect();\n    |                                ^^^^^^^^^^^^^^^^^^^                            - temporary value is freed at the end of this statement\n    |                                |\n    |                                creates a temporary value which is freed while still in use\n78  |         for w in &words {\n    |                  ------ borrow later used here\n    |\nhelp: consider using a `let` binding to create a longer lived value\n    |\n77  ~         let binding = line.to_lowercase();\n78  ~         let words: Vec<&str> = binding.split_whitespace().collect();\n    |\n\nerror: could not compile `searchlite` (lib) due to 1 previous error",
    "bind the temporary to its own let first (let s = expr;) and borrow from that variable"
  ),
  pair(
    "h4-tokio-no-reactor",
    "cargo",
    "Exit code 101\nthread 'main' panicked at src/main.rs:12:5:\nthere is no reactor running, must be called from the context of a Tokio 1.x runtime\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "Exit code 101\nthread 'tests::fetch_returns_body' panicked at /home/ci/.cargo/registry/src/index.crates.io-6f17d22bba15001f/hyper-util-0.1.10/src/client/legacy/connect/http.rs:465:19:\nthere is no reactor running, must be called from the context of a Tokio 1.x runtime\nstack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\nfailures:\n    tests::fetch_returns_body\ntest result: FAILED. 6 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s",
    "the async code runs outside a Tokio runtime: use #[tokio::main] / #[tokio::test] (not plain #[test] or another executor) and one tokio 1.x version"
  ),
  // git
  pair(
    "h4-git-pathspec-branch",
    "git",
    "Exit code 1\nerror: pathspec 'feature/search-filters' did not match any file(s) known to git",
    "Exit code 1\nerror: pathspec 'release/2026.11' did not match any file(s) known to git\nhint: If you meant to check out a remote tracking branch on, e.g. 'origin',\nhint: you can do so by fully qualifying the name with the --track option:\nhint:\nhint:     git checkout --track origin/<name>",
    "the branch is not known locally yet: git fetch origin, then git switch <branch> (check the exact name with git branch -r)"
  ),
  pair(
    "h4-git-origin-not-a-repo",
    "git",
    "Exit code 128\nfatal: 'origin' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "Exit code 128\nEnumerating objects: 5, done.\nfatal: 'upstream' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "no remote by that name is configured: git remote -v, then git remote add <name> <url> (or push to the remote that exists)"
  ),
  pair(
    "h4-git-src-refspec",
    "git",
    "Exit code 1\nerror: src refspec main does not match any\nerror: failed to push some refs to 'github.com:pia/dotfiles.git'",
    "Exit code 1\nerror: src refspec master does not match any\nerror: failed to push some refs to 'https://gitlab.com/ops-team/runbooks.git'",
    "there is no local branch with that name (no commit yet, or it is called main/master): commit first or push the branch that exists (git push -u origin HEAD)"
  ),
  pair(
    "h4-git-remote-exists",
    "git",
    "Exit code 3\nerror: remote origin already exists.",
    "Exit code 3\nerror: remote origin already exists.",
    "change the existing remote instead of adding it: git remote set-url origin <url>"
  ),
  pair(
    "h4-git-cannot-lock-ref",
    "git",
    "Exit code 1\nerror: cannot lock ref 'refs/remotes/origin/feature/login': 'refs/remotes/origin/feature' exists; cannot create 'refs/remotes/origin/feature/login'\nFrom github.com:acme/web\n ! [new branch]      feature/login -> origin/feature/login  (unable to update local ref)",
    "Exit code 1\nremote: Enumerating objects: 48, done.\nremote: Counting objects: 100% (48/48), done.\nerror: cannot lock ref 'refs/remotes/origin/release/v2': 'refs/remotes/origin/release' exists; cannot create 'refs/remotes/origin/release/v2'\nFrom https://github.com/northwind/api\n ! [new branch]        release/v2   -> origin/release/v2  (unable to update local ref)\nerror: some local refs could not be updated; try running\n 'git remote prune origin' to remove any old, conflicting branches",
    "a stale remote-tracking branch blocks the name: git remote prune origin (or git fetch --prune), then fetch again"
  ),
  pair(
    "h4-git-pull-rebase-unstaged",
    "git",
    "Exit code 128\nerror: cannot pull with rebase: You have unstaged changes.\nerror: please commit or stash them.",
    "Exit code 128\nerror: cannot pull with rebase: Your index contains uncommitted changes.\nerror: Please commit or stash them.",
    "stash or commit first (git stash; git pull --rebase; git stash pop) or use git pull --rebase --autostash"
  ),
  pair(
    "h4-git-merge-not-concluded",
    "git",
    "Exit code 128\nerror: You have not concluded your merge (MERGE_HEAD exists).\nhint: Please, commit your changes before merging.\nfatal: Exiting because of unfinished merge.",
    "Exit code 128\nerror: Merging is not possible because you have unmerged files.\nhint: Fix them up in the work tree, and then use 'git add/rm <file>'\nhint: as appropriate to mark resolution and make a commit.\nfatal: Exiting because of an unresolved conflict.",
    "finish the earlier merge first: resolve, git add and git commit (or git merge --abort), then pull/merge again"
  ),
  pair(
    "h4-git-tag-exists-remote",
    "git",
    "Exit code 1\nTo github.com:acme/sdk.git\n ! [rejected]        v1.4.0 -> v1.4.0 (already exists)\nerror: failed to push some refs to 'github.com:acme/sdk.git'\nhint: Updates were rejected because the tag already exists in the remote.",
    "Exit code 1\nEnumerating objects: 1, done.\nWriting objects: 100% (1/1), 162 bytes | 162.00 KiB/s, done.\nTo https://github.com/kofi/cli-kit.git\n ! [rejected]        v0.9.2-rc.1 -> v0.9.2-rc.1 (already exists)\nerror: failed to push some refs to 'https://github.com/kofi/cli-kit.git'\nhint: Updates were rejected because the tag already exists in the remote.",
    "the tag is already on the remote: release under a new version tag (or, if it was never used, delete it remotely with git push origin :refs/tags/<tag> and push again)"
  ),
  // ssl
  pair(
    "h4-ssl-legacy-renegotiation",
    "ssl",
    "Exit code 35\ncurl: (35) OpenSSL/3.0.2: error:0A000152:SSL routines::unsafe legacy renegotiation disabled",
    `Exit code 1
Traceback (most recent call last):
  File "/home/raj/sync/fetch.py", line 14, in <module>
    r = requests.get(URL, timeout=30)
  File "/usr/lib/python3/dist-packages/requests/adapters.py", line 517, in send
    raise SSLError(e, request=request)
requests.exceptions.SSLError: HTTPSConnectionPool(host='portal.legacy-bank.example', port=443): Max retries exceeded with url: /export.csv (Caused by SSLError(SSLError(1, '[SSL: UNSAFE_LEGACY_RENEGOTIATION_DISABLED] unsafe legacy renegotiation disabled (_ssl.c:1006)')))`,
    "the server only supports legacy TLS renegotiation, which OpenSSL 3 refuses: have the server upgraded, or enable UnsafeLegacyServerConnect for this client via an OPENSSL_CONF file (Options = UnsafeLegacyServerConnect)"
  ),
  pair(
    "h4-requests-proxy-error",
    "ssl",
    `Exit code 1
Traceback (most recent call last):
  File "/home/raj/tools/check.py", line 8, in <module>
    requests.get("https://api.github.com/rate_limit")
requests.exceptions.ProxyError: HTTPSConnectionPool(host='api.github.com', port=443): Max retries exceeded with url: /rate_limit (Caused by ProxyError('Cannot connect to proxy.', NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f1c2a3b4d90>: Failed to establish a new connection: [Errno 111] Connection refused')))`,
    "Exit code 1\nWARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ProxyError('Cannot connect to proxy.', NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7fb0e51c2a10>: Failed to establish a new connection: [Errno 111] Connection refused'))': /simple/httpx/\nERROR: Could not find a version that satisfies the requirement httpx (from versions: none)\nERROR: No matching distribution found for httpx",
    "a stale or wrong proxy is configured: fix or unset HTTPS_PROXY/HTTP_PROXY (and pip's proxy setting), or add the host to NO_PROXY"
  ),
  pair(
    "h4-curl-resolve-proxy",
    "ssl",
    "Exit code 5\ncurl: (5) Could not resolve proxy: proxy.corp.local",
    "Exit code 5\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0curl: (5) Could not resolve proxy: webproxy.intra.example.net",
    "the proxy host in http_proxy/https_proxy (or ~/.curlrc) does not resolve: fix or unset the proxy variables (or curl --noproxy '*')"
  ),
  pair(
    "h4-node-eai-again",
    "ssl",
    "Exit code 1\nnpm ERR! code EAI_AGAIN\nnpm ERR! syscall getaddrinfo\nnpm ERR! errno EAI_AGAIN\nnpm ERR! request to https://registry.npmjs.org/express failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org",
    "Exit code 1\nError: getaddrinfo EAI_AGAIN api.stripe.com\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:120:26) {\n  errno: -3001,\n  code: 'EAI_AGAIN',\n  syscall: 'getaddrinfo',\n  hostname: 'api.stripe.com'\n}\n\nNode.js v20.15.1",
    "DNS lookup failed temporarily: check the network/DNS (inside Docker or WSL fix /etc/resolv.conf or the daemon's dns setting) and retry"
  ),
  pair(
    "h4-java-tls-protocol-disabled",
    "ssl",
    'Exit code 1\nException in thread "main" javax.net.ssl.SSLHandshakeException: No appropriate protocol (protocol is disabled or cipher suites are inappropriate)\n	at java.base/sun.security.ssl.HandshakeContext.<init>(HandshakeContext.java:172)\n	at java.base/sun.security.ssl.ClientHandshakeContext.<init>(ClientHandshakeContext.java:103)\n	at com.acme.Sync.main(Sync.java:31)',
    'Exit code 1\ncom.microsoft.sqlserver.jdbc.SQLServerException: The driver could not establish a secure connection to SQL Server by using Secure Sockets Layer (SSL) encryption. Error: "The server selected protocol version TLS10 is not accepted by client preferences [TLS13, TLS12]". ClientConnectionId:2f6a1b3c-9d4e-4f50-8a61-7b2c3d4e5f60\n	at com.microsoft.sqlserver.jdbc.SQLServerConnection.terminate(SQLServerConnection.java:4026)\n	at com.microsoft.sqlserver.jdbc.TDSChannel.enableSSL(IOBuffer.java:1828)\nCaused by: javax.net.ssl.SSLHandshakeException: The server selected protocol version TLS10 is not accepted by client preferences [TLS13, TLS12]',
    "the server only speaks TLS 1.0/1.1, which the JDK disables: upgrade the server to TLS 1.2+, or (temporarily) remove TLSv1/TLSv1.1 from jdk.tls.disabledAlgorithms in java.security"
  ),
  pair(
    "h4-ssh-port22-timeout",
    "ssl",
    "Exit code 128\nssh: connect to host github.com port 22: Connection timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "Exit code 128\nCloning into 'infra-modules'...\nssh: connect to host github.com port 22: Operation timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "port 22 is blocked on this network: use SSH over 443 (Host github.com / Hostname ssh.github.com / Port 443 in ~/.ssh/config) or the HTTPS remote"
  ),
  pair(
    "h4-py313-strict-x509",
    "ssl",
    "Exit code 1\nrequests.exceptions.SSLError: HTTPSConnectionPool(host='gitlab.internal', port=443): Max retries exceeded with url: /api/v4/projects (Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Basic Constraints of CA cert not marked critical (_ssl.c:1028)')))",
    'Exit code 1\nTraceback (most recent call last):\n  File "/usr/lib/python3.13/urllib/request.py", line 1319, in do_open\n    h.request(req.get_method(), req.selector, req.data, headers,\nssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Missing Authority Key Identifier (_ssl.c:1018)\n\nDuring handling of the above exception, another exception occurred:\n\nurllib.error.URLError: <urlopen error [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Missing Authority Key Identifier (_ssl.c:1018)>',
    "Python 3.13 verifies with VERIFY_X509_STRICT and the private CA is not RFC 5280 compliant: reissue the CA/cert with the required extensions (critical basicConstraints, authorityKeyIdentifier)"
  ),
  // db
  pair(
    "h4-pg-sequence-out-of-sync",
    "db",
    'Exit code 1\npsycopg2.errors.UniqueViolation: duplicate key value violates unique constraint "orders_pkey"\nDETAIL:  Key (id)=(1) already exists.',
    `Exit code 1
Error: duplicate key value violates unique constraint "customers_pkey"
    at /srv/crm/node_modules/pg/lib/client.js:535:17
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5) {
  length: 213,
  severity: 'ERROR',
  code: '23505',
  detail: 'Key (id)=(7) already exists.',
  schema: 'public',
  table: 'customers',
  constraint: 'customers_pkey'
}`,
    "the id sequence is behind the imported rows: SELECT setval(pg_get_serial_sequence('<table>', 'id'), (SELECT max(id) FROM <table>))"
  ),
  pair(
    "h4-pg-permission-denied-table",
    "db",
    "Exit code 1\nERROR:  permission denied for table invoices",
    "Exit code 1\ndjango.db.utils.ProgrammingError: permission denied for table django_migrations",
    "the app role lacks privileges on tables another role owns: GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO <role> (plus ALTER DEFAULT PRIVILEGES), or create the tables as the app role"
  ),
  pair(
    "h4-pg-role-does-not-exist",
    "db",
    'Exit code 2\npsql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  role "root" does not exist',
    'Exit code 2\ncreatedb: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: FATAL:  role "marcus" does not exist',
    "no Postgres role matches your OS user: connect as an existing one (-U postgres, sudo -u postgres psql) or create yours (createuser -s $USER)"
  ),
  pair(
    "h4-mysql-auth-socket",
    "db",
    "Exit code 1\nERROR 1698 (28000): Access denied for user 'root'@'localhost'",
    `Exit code 1
Traceback (most recent call last):
  File "/home/lu/app/db.py", line 5, in <module>
    conn = pymysql.connect(host="localhost", user="root", password=os.environ["DB_PASS"])
pymysql.err.OperationalError: (1698, "Access denied for user 'root'@'localhost'")`,
    "root authenticates with auth_socket: use sudo mysql, and create a dedicated user with a password (CREATE USER ... IDENTIFIED BY ...; GRANT ...) for the app"
  ),
  pair(
    "h4-mysql-key-too-long",
    "db",
    "Exit code 1\nERROR 1071 (42000) at line 12: Specified key was too long; max key length is 767 bytes",
    "Exit code 1\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[42000]: Syntax error or access violation: 1071 Specified key was too long; max key length is 767 bytes (Connection: mysql, SQL: alter table `users` add unique `users_email_unique`(`email`))",
    "utf8mb4 VARCHAR(255) index exceeds 767 bytes on old MySQL/InnoDB: index at most VARCHAR(191) (Laravel: Schema::defaultStringLength(191)) or use DYNAMIC row format / MySQL 5.7+"
  ),
  pair(
    "h4-sqlite-returning-old",
    "db",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/lu/notes/store.py", line 31, in add_note\n    cur = con.execute("INSERT INTO notes(body) VALUES (?) RETURNING id", (body,))\nsqlite3.OperationalError: near "RETURNING": syntax error',
    `Exit code 1
Error: near "RETURNING": syntax error
    at Database.prepare (/opt/app/node_modules/better-sqlite3/lib/methods/wrappers.js:5:21)
    at createUser (/opt/app/src/users.js:18:6) {
  code: 'SQLITE_ERROR'
}`,
    "the linked SQLite is older than 3.35 (no RETURNING): upgrade SQLite / the driver, or insert then read last_insert_rowid()"
  ),
  pair(
    "h4-pg-group-by",
    "db",
    'Exit code 1\nERROR:  column "u.email" must appear in the GROUP BY clause or be used in an aggregate function\nLINE 1: SELECT u.id, u.email, count(o.id) FROM users u JOIN orders o...\n                     ^',
    'Exit code 1\nsqlalchemy.exc.ProgrammingError: (psycopg2.errors.GroupingError) column "products.name" must appear in the GROUP BY clause or be used in an aggregate function\nLINE 1: SELECT products.id, products.name, sum(order_items.qty) AS s...\n                            ^\n\n[SQL: SELECT products.id, products.name, sum(order_items.qty) AS sold FROM products JOIN order_items ON products.id = order_items.product_id GROUP BY products.id]',
    "every selected non-aggregated column must be grouped: add it to GROUP BY (or wrap it in an aggregate such as max())"
  ),
  pair(
    "h4-pg-db-in-use",
    "db",
    'Exit code 1\nERROR:  database "shop_test" is being accessed by other users\nDETAIL:  There is 1 other session using the database.',
    'Exit code 1\ndropdb: error: database removal failed: ERROR:  database "analytics_dev" is being accessed by other users\nDETAIL:  There are 3 other sessions using the database.',
    "close the other connections (stop the app/psql) or force it: DROP DATABASE <db> WITH (FORCE) on PG 13+ (or pg_terminate_backend them first)"
  ),
  pair(
    "h4-mysql-secure-file-priv",
    "db",
    "Exit code 1\nERROR 1290 (HY000) at line 3: The MySQL server is running with the --secure-file-priv option so it cannot execute this statement",
    "Exit code 1\nERROR 1290 (HY000): The MySQL server is running with the --secure-file-priv option so it cannot execute this statement",
    "write/read the file inside the directory SHOW VARIABLES LIKE 'secure_file_priv' reports, or use LOAD DATA LOCAL / mysqldump instead"
  ),
  // shell
  pair(
    "h4-ssh-key-too-open",
    "shell",
    `Exit code 255
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@         WARNING: UNPROTECTED PRIVATE KEY FILE!          @
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
Permissions 0644 for '/home/ines/.ssh/id_ed25519' are too open.
It is required that your private key files are NOT accessible by others.
This private key will be ignored.
Load key "/home/ines/.ssh/id_ed25519": bad permissions
ines@203.0.113.10: Permission denied (publickey).`,
    `Exit code 255
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@         WARNING: UNPROTECTED PRIVATE KEY FILE!          @
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
Permissions 0777 for '/mnt/c/Users/dario/keys/deploy.pem' are too open.
It is required that your private key files are NOT accessible by others.
This private key will be ignored.
Load key "/mnt/c/Users/dario/keys/deploy.pem": bad permissions
ubuntu@ec2-54-12-34-56.compute-1.amazonaws.com: Permission denied (publickey).`,
    "chmod 600 the private key (on WSL copy it into ~/.ssh first: /mnt/c cannot hold Unix permissions)"
  ),
  pair(
    "h4-sh-dash-bashisms",
    "shell",
    "Exit code 127\n./scripts/release.sh: 4: source: not found",
    "Exit code 127\n/opt/ci/steps/check.sh: 12: [[: not found\n/opt/ci/steps/check.sh: 15: [[: not found",
    "the script runs under sh (dash), not bash: run it with bash (or give it a #!/usr/bin/env bash shebang and make it executable), or use POSIX syntax (. file, [ ])"
  ),
  pair(
    "h4-sh-bsd-date",
    "shell",
    "Exit code 1\ndate: illegal option -- d\nusage: date [-jnRu] [-I[date|hours|minutes|seconds]] [-f input_fmt]\n            [-r filename|seconds] [-v[+|-]val[y|m|w|d|H|M|S]]\n            [[[[mm]dd]HH]MM[[cc]yy][.SS] | new_date] [+output_fmt]",
    "Exit code 1\ndate: illegal option -- -\nusage: date [-jnRu] [-I[date|hours|minutes|seconds]] [-f input_fmt] [-r filename|seconds] [-v[+|-]val[y|m|w|d|H|M|S]]\n            [[[[mm]dd]HH]MM[[cc]yy][.SS] | new_date] [+output_fmt]",
    "macOS date is BSD date (no -d/--date): use date -v/-j -f, or install coreutils and call gdate"
  ),
  pair(
    "h4-sh-ln-exists",
    "shell",
    "Exit code 1\nln: failed to create symbolic link '/home/ines/.config/nvim/init.lua': File exists",
    "Exit code 1\nln: /usr/local/bin/kubectl: File exists",
    "the link target already exists: replace it with ln -sf (ln -sfn for a link to a directory), after checking it is not a file you need"
  ),
  pair(
    "h4-sh-cp-omitting-dir",
    "shell",
    "Exit code 1\ncp: -r not specified; omitting directory 'assets'",
    "Exit code 1\ncp: omitting directory '/home/runner/work/site/site/public/fonts'",
    "copy directories recursively: cp -r (or cp -a to keep modes and times)"
  ),
  pair(
    "h4-sh-sudo-redirect",
    "shell",
    "Exit code 1\nbash: /etc/apt/sources.list.d/docker.list: Permission denied",
    "Exit code 1\nzsh: permission denied: /etc/hosts",
    "sudo does not apply to the shell redirection: write through sudo tee (echo ... | sudo tee -a /etc/file) or sudo sh -c '... > /etc/file'"
  ),
  pair(
    "h4-sh-env-python-missing",
    "shell",
    "Exit code 127\n/usr/bin/env: 'python': No such file or directory",
    "Exit code 127\nenv: python: No such file or directory",
    "only python3 exists: change the shebang to #!/usr/bin/env python3 (or install python-is-python3 / run it with python3)"
  ),
  pair(
    "h4-sh-ssh-agent-missing",
    "shell",
    "Exit code 2\nCould not open a connection to your authentication agent.",
    "Exit code 2\nError connecting to agent: No such file or directory",
    'no ssh-agent is running in this shell: eval "$(ssh-agent -s)" then ssh-add <key>'
  ),
  pair(
    "h4-sh-locale-missing",
    "shell",
    'perl: warning: Setting locale failed.\nperl: warning: Please check that your locale settings:\n	LANGUAGE = (unset),\n	LC_ALL = (unset),\n	LC_CTYPE = "UTF-8",\n	LANG = "en_US.UTF-8"\n    are supported and installed on your system.\nperl: warning: Falling back to the standard locale ("C").',
    'Exit code 1\n/bin/bash: warning: setlocale: LC_ALL: cannot change locale (en_GB.UTF-8)\nperl: warning: Setting locale failed.\nperl: warning: Please check that your locale settings:\n	LANGUAGE = "en_GB:en",\n	LC_ALL = "en_GB.UTF-8",\n	LANG = "en_GB.UTF-8"\n    are supported and installed on your system.\nperl: warning: Falling back to a fallback locale ("C.UTF-8").',
    "the locale is not generated on this machine: locale-gen <locale> && update-locale (install the locales package), or set LANG/LC_ALL to C.UTF-8"
  ),
  // docker
  pair(
    "h4-docker-rmi-image-in-use",
    "docker",
    'Exit code 1\nError response from daemon: conflict: unable to remove repository reference "shop-api:dev" (must force) - container 3f9c2a1b7e44 is using its referenced image 8d1e5f0c2b9a',
    "Exit code 1\nError response from daemon: conflict: unable to delete 5b2e9d7c4a10 (must be forced) - image is being used by stopped container a71c0e3d9f28",
    "a container still uses the image: remove it first (docker rm <container>, or docker container prune) then docker rmi (or docker rmi -f)"
  ),
  pair(
    "h4-docker-entrypoint-not-executable",
    "docker",
    'Exit code 126\ndocker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "./entrypoint.sh": permission denied: unknown.',
    'Exit code 1\nAttaching to worker-1\nError response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/usr/local/bin/start-worker.sh": permission denied: unknown',
    "the entrypoint script lacks the exec bit in the image: RUN chmod +x it in the Dockerfile (or COPY --chmod=755), or git update-index --chmod=+x"
  ),
  pair(
    "h4-docker-apt-no-update",
    "docker",
    'Exit code 1\n#7 [3/6] RUN apt-get install -y curl ca-certificates\n#7 0.412 Reading package lists...\n#7 0.431 Building dependency tree...\n#7 0.433 Reading state information...\n#7 0.436 E: Unable to locate package curl\n#7 ERROR: process "/bin/sh -c apt-get install -y curl ca-certificates" did not complete successfully: exit code: 100\n------\nERROR: failed to solve: process "/bin/sh -c apt-get install -y curl ca-certificates" did not complete successfully: exit code: 100',
    `Exit code 1
 => ERROR [builder 4/9] RUN apt-get install -y --no-install-recommends build-essential libpq-dev   0.6s
------
 > [builder 4/9] RUN apt-get install -y --no-install-recommends build-essential libpq-dev:
0.371 Reading package lists...
0.389 Building dependency tree...
0.390 Reading state information...
0.392 Package build-essential is not available, but is referred to by another package.
0.392 This may mean that the package is missing, has been obsoleted, or
0.392 is only available from another source
0.394 E: Package 'build-essential' has no installation candidate
0.394 E: Unable to locate package libpq-dev
------
Dockerfile:12
--------------------
  10 |     WORKDIR /app
  11 |     
  12 | >>> RUN apt-get install -y --no-install-recommends build-essential libpq-dev
  13 |     
--------------------
ERROR: failed to solve: process "/bin/sh -c apt-get install -y --no-install-recommends build-essential libpq-dev" did not complete successfully: exit code: 100`,
    "base images ship without apt lists: run apt-get update && apt-get install -y ... in the same RUN (and rm -rf /var/lib/apt/lists/* after)"
  ),
  pair(
    "h4-compose-depends-undefined",
    "docker",
    'Exit code 15\nservice "api" depends on undefined service "db": invalid compose project',
    'Exit code 1\nservice "worker" depends on undefined service "redis-cache": invalid compose project',
    "depends_on names a service that is not defined in this compose file (or is behind an inactive profile): fix the name, define the service, or enable its profile"
  ),
  pair(
    "h4-dockerfile-missing-backslash",
    "docker",
    "Exit code 1\n[+] Building 0.1s (2/2) FINISHED\n => [internal] load build definition from Dockerfile                     0.0s\n => => transferring dockerfile: 412B                                     0.0s\nDockerfile:9\n--------------------\n   7 |     RUN apt-get update && \\\n   8 |         apt-get install -y git\n   9 | >>>     rm -rf /var/lib/apt/lists/*\n  10 |     \n--------------------\nERROR: failed to solve: dockerfile parse error on line 9: unknown instruction: rm",
    "Exit code 1\n#1 [internal] load build definition from Dockerfile.prod\n#1 transferring dockerfile: 1.21kB done\n#1 DONE 0.0s\nDockerfile.prod:23\n--------------------\n  21 |     RUN pip install --no-cache-dir -r requirements.txt\n  22 |         && python -m compileall /app \\\n  23 | >>>     && useradd -m app\n  24 |     \n--------------------\nERROR: failed to solve: dockerfile parse error on line 22: unknown instruction: &&",
    "a continued RUN line lost its trailing backslash: end every line of a multi-line RUN (except the last) with \\"
  ),
  pair(
    "h4-docker-ref-lowercase",
    "docker",
    "Exit code 125\ndocker: invalid reference format: repository name must be lowercase.\nSee 'docker run --help'.",
    'Exit code 1\nERROR: invalid tag "ghcr.io/Acme-Labs/BillingService:1.2.0": repository name must be lowercase',
    "image names must be lowercase: lowercase the repository part (e.g. ${GITHUB_REPOSITORY,,} or tr '[:upper:]' '[:lower:]')"
  ),
  pair(
    "h4-buildx-multiplatform-driver",
    "docker",
    "Exit code 1\nERROR: Multi-platform build is not supported for the docker driver.\nSwitch to a different driver, or turn on the containerd image store, and try again.\nLearn more at https://docs.docker.com/go/build-multi-platform/",
    "Exit code 1\n[+] Building 0.0s (0/0)                                                  docker:default\nERROR: failed to solve: Multi-platform build is not supported for the docker driver.\nSwitch to a different driver, or turn on the containerd image store, and try again.\nLearn more at https://docs.docker.com/go/build-multi-platform/",
    "create and use a docker-container builder: docker buildx create --use --name multi (or enable the containerd image store) before building --platform linux/amd64,linux/arm64"
  ),
  pair(
    "h4-docker-bind-source-missing",
    "docker",
    `Exit code 125
docker: Error response from daemon: invalid mount config for type "bind": bind source path does not exist: /home/ines/data/pg.
See 'docker run --help'.`,
    'Exit code 1\nError response from daemon: invalid mount config for type "bind": bind source path does not exist: /srv/stack/config/nginx/conf.d',
    "create the host directory before starting (mkdir -p <path>) or fix the relative path of the bind mount (it resolves against the compose file's folder)"
  ),
  pair(
    "h4-docker-build-oom-137",
    "docker",
    'Exit code 1\n#12 [build 6/7] RUN npm run build\n#12 41.20 > next build\n#12 88.03 Killed\n#12 ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 137\n------\nERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 137',
    'Exit code 1\n => ERROR [stage-1 5/8] RUN cargo build --release                       212.4s\n------\n > [stage-1 5/8] RUN cargo build --release:\n 211.9    Compiling tokio v1.41.1\n 212.3 error: could not compile `tokio` (lib)\n 212.3 Caused by:\n 212.3   process didn\'t exit successfully: `rustc --crate-name tokio` (signal: 9, SIGKILL: kill)\n------\nERROR: failed to solve: process "/bin/sh -c cargo build --release" did not complete successfully: exit code: 137',
    "the build step was OOM-killed: give Docker (Desktop/VM) more memory or reduce the build's parallelism/heap (e.g. NODE_OPTIONS=--max-old-space-size, CARGO_BUILD_JOBS=2)"
  ),
  // java
  pair(
    "h4-javac-public-class-filename",
    "java",
    "Exit code 1\nsrc/main/java/com/acme/util/Strings.java:5: error: class StringUtils is public, should be declared in a file named StringUtils.java\npublic class StringUtils {\n       ^\n1 error",
    "Exit code 1\n[ERROR] COMPILATION ERROR : \n[INFO] -------------------------------------------------------------\n[ERROR] /home/runner/work/ledger/ledger/core/src/main/java/io/ledger/core/AccountService.java:[12,8] class AccountsService is public, should be declared in a file named AccountsService.java\n[INFO] 1 error\n[INFO] -------------------------------------------------------------\n[INFO] BUILD FAILURE",
    "a public class must live in a file of the same name: rename the file or the class so they match (case included)"
  ),
  pair(
    "h4-gradle-daemon-heap",
    "java",
    "Exit code 1\n> Task :app:compileKotlin\nExpiring Daemon because JVM heap space is exhausted\nDaemon will be stopped at the end of the build after running out of JVM memory\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:compileKotlin'.\n> GC overhead limit exceeded",
    "Exit code 1\n> Task :app:mergeExtDexDebug FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:mergeExtDexDebug'.\n> Could not resolve all files for configuration ':app:debugRuntimeClasspath'.\n   > Failed to transform okhttp-4.12.0.jar (com.squareup.okhttp3:okhttp:4.12.0) to match attributes {artifactType=android-dex, dexing-is-debuggable=true}.\n      > Java heap space\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\nExpiring Daemon because JVM heap space is exhausted",
    "the Gradle daemon runs out of heap: raise org.gradle.jvmargs=-Xmx4g -XX:MaxMetaspaceSize=1g in gradle.properties (and kotlin.daemon.jvmargs if the Kotlin daemon is the one failing)"
  ),
  pair(
    "h4-javac-unmappable-encoding",
    "java",
    "Exit code 1\n[ERROR] /home/lou/erp/src/main/java/com/erp/Messages.java:[14,38] unmappable character (0xC3) for encoding US-ASCII\n[ERROR] /home/lou/erp/src/main/java/com/erp/Messages.java:[14,39] unmappable character (0xA9) for encoding US-ASCII\n[INFO] BUILD FAILURE",
    'Exit code 1\n> Task :compileJava\nC:\\work\\kasse\\src\\main\\java\\de\\kasse\\Texte.java:22: error: unmappable character (0xFC) for encoding windows-1252\n    String label = "Gr??e";\n                     ^\n1 error\n\nFAILURE: Build failed with an exception.',
    "compile with UTF-8: project.build.sourceEncoding=UTF-8 in the pom, or tasks.withType(JavaCompile) { options.encoding = 'UTF-8' } in Gradle"
  ),
  pair(
    "h4-mvn-nonresolvable-parent",
    "java",
    "Exit code 1\n[ERROR] [ERROR] Some problems were encountered while processing the POMs:\n[FATAL] Non-resolvable parent POM for com.acme:billing:1.0.0-SNAPSHOT: Could not find artifact com.acme:platform-parent:pom:3.2.0 in central (https://repo.maven.apache.org/maven2) and 'parent.relativePath' points at wrong local POM @ line 6, column 11",
    "Exit code 1\n[ERROR] [ERROR] Some problems were encountered while processing the POMs:\n[FATAL] Non-resolvable parent POM for org.shop:inventory-service:2.4.1: The following artifacts could not be resolved: org.shop:shop-parent:pom:5.0.0 (absent): Could not find artifact org.shop:shop-parent:pom:5.0.0 in nexus (https://nexus.shop.internal/repository/maven-public/) and 'parent.relativePath' points at no local POM @ line 8, column 13\n @ \n[ERROR] The build could not read 1 project -> [Help 1]",
    "the parent POM is neither at relativePath nor in a repository: set <relativePath> to the parent's pom.xml (or build/install the parent first with mvn install) and check the version"
  ),
  pair(
    "h4-mvn-dependency-version-missing",
    "java",
    "Exit code 1\n[ERROR] [ERROR] Some problems were encountered while processing the POMs:\n[ERROR] 'dependencies.dependency.version' for org.projectlombok:lombok:jar is missing. @ line 41, column 17",
    "Exit code 1\n[ERROR] Some problems were encountered while processing the POMs:\n[ERROR] 'dependencies.dependency.version' for com.fasterxml.jackson.datatype:jackson-datatype-jsr310:jar is missing. @ line 63, column 21\n[ERROR] 'dependencies.dependency.version' for org.testcontainers:postgresql:jar is missing. @ line 88, column 21\n @ \n[ERROR] The build could not read 1 project -> [Help 1]",
    "no BOM/parent manages that version: add a <version> or import the BOM in <dependencyManagement> (spring-boot-dependencies, testcontainers-bom, ...)"
  ),
  pair(
    "h4-java-add-opens",
    "java",
    'Exit code 1\njava.lang.reflect.InaccessibleObjectException: Unable to make field private final byte[] java.lang.String.value accessible: module java.base does not "opens java.lang" to unnamed module @6d06d69c\n	at java.base/java.lang.reflect.AccessibleObject.checkCanSetAccessible(AccessibleObject.java:354)\n	at java.base/java.lang.reflect.Field.setAccessible(Field.java:172)\n	at com.google.gson.internal.reflect.UnsafeReflectionAccessor.makeAccessible(UnsafeReflectionAccessor.java:44)',
    'Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nUnable to make field private final java.util.Map java.util.Collections$UnmodifiableMap.m accessible: module java.base does not "opens java.util" to unnamed module @3c41ed1d\njava.lang.reflect.InaccessibleObjectException: Unable to make field private final java.util.Map java.util.Collections$UnmodifiableMap.m accessible: module java.base does not "opens java.util" to unnamed module @3c41ed1d\n	at java.base/java.lang.reflect.AccessibleObject.throwInaccessibleObjectException(AccessibleObject.java:391)',
    "JDK 16+ blocks deep reflection: upgrade the library/tool doing it, or pass --add-opens java.base/<package>=ALL-UNNAMED to that JVM"
  ),
  pair(
    "h4-android-compile-sdk",
    "java",
    "Exit code 1\nExecution failed for task ':app:checkDebugAarMetadata'.\n> A failure occurred while executing com.android.build.gradle.internal.tasks.CheckAarMetadataWorkAction\n   > Dependency 'androidx.core:core:1.13.1' requires libraries and applications that\n     depend on it to compile against version 34 or later of the\n     Android APIs.\n\n     :app is currently compiled against android-33.",
    "Exit code 1\nExecution failed for task ':app:checkReleaseAarMetadata'.\n> A failure occurred while executing com.android.build.gradle.internal.tasks.CheckAarMetadataWorkAction\n   > 3 issues were found when checking AAR metadata:\n\n       1.  Dependency 'androidx.activity:activity:1.9.3' requires libraries and applications that\n           depend on it to compile against version 35 or later of the\n           Android APIs.\n\n           :app is currently compiled against android-34.",
    "raise compileSdk in app/build.gradle to the version the dependency asks for (and update the Android Gradle Plugin if it is too old for it)"
  ),
  pair(
    "h4-spring-port-in-use",
    "java",
    "Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nWeb server failed to start. Port 8080 was already in use.\n\nAction:\n\nIdentify and stop the process that's listening on port 8080 or configure this application to listen on another port.",
    "Exit code 1\n2026-11-20T09:13:44.201Z ERROR 21873 --- [orders] [           main] o.s.b.d.LoggingFailureAnalysisReporter   : \n\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nWeb server failed to start. Port 9090 was already in use.\n\nAction:\n\nIdentify and stop the process that's listening on port 9090 or configure this application to listen on another port.",
    "another process holds the port: stop it (lsof -i :<port>, often an earlier run) or set server.port to a free one"
  ),
  pair(
    "h4-spring-bean-not-found",
    "java",
    "Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nParameter 0 of constructor in com.acme.orders.OrderService required a bean of type 'com.acme.orders.OrderRepository' that could not be found.\n\n\nAction:\n\nConsider defining a bean of type 'com.acme.orders.OrderRepository' in your configuration.",
    "Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nField mailer in io.shop.notify.NotificationController required a bean of type 'io.shop.mail.MailGateway' that could not be found.\n\nThe injection point has the following annotations:\n	- @org.springframework.beans.factory.annotation.Autowired(required=true)\n\n\nAction:\n\nConsider defining a bean of type 'io.shop.mail.MailGateway' in your configuration.",
    "the type is not a Spring bean: annotate the implementation (@Component/@Service/@Repository) in a package under the @SpringBootApplication class, or declare a @Bean for it"
  ),
  // c
  pair(
    "h4-cxx-missing-include-string",
    "c",
    "Exit code 2\nIn file included from src/config.cpp:1:\nsrc/config.h:9:10: error: 'string' in namespace 'std' does not name a type\n    9 |     std::string name;\n      |          ^~~~~~\nsrc/config.h:3:1: note: 'std::string' is defined in header '<string>'; this is probably fixable by adding '#include <string>'\n    2 | #include <vector>\n  +++ |+#include <string>\nmake: *** [Makefile:21: build/config.o] Error 1",
    "Exit code 2\n[ 42%] Building CXX object CMakeFiles/engine.dir/src/scene/loader.cpp.o\n/home/ci/engine/src/scene/loader.hpp:27:17: error: 'unordered_map' in namespace 'std' does not name a type\n   27 |     std::unordered_map<std::string, Mesh> meshes_;\n      |          ^~~~~~~~~~~~~\n/home/ci/engine/src/scene/loader.hpp:5:1: note: 'std::unordered_map' is defined in header '<unordered_map>'; this is probably fixable by adding '#include <unordered_map>'\ngmake[2]: *** [CMakeFiles/engine.dir/build.make:90: CMakeFiles/engine.dir/src/scene/loader.cpp.o] Error 1\ngmake[1]: *** [CMakeFiles/Makefile2:83: CMakeFiles/engine.dir/all] Error 2\ngmake: *** [Makefile:91: all] Error 2",
    "the header relied on a transitive include: add the #include the note names (<string>, <unordered_map>, ...) to that file"
  ),
  pair(
    "h4-ld-undefined-vtable",
    "c",
    "Exit code 1\n/usr/bin/ld: build/shape.o: in function `Circle::Circle(double)':\nshape.cpp:(.text._ZN6CircleC2Ed[_ZN6CircleC5Ed]+0x1f): undefined reference to `vtable for Circle'\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:12: app] Error 1",
    "Exit code 2\n[100%] Linking CXX executable plugin_host\n/usr/bin/ld: CMakeFiles/plugin_host.dir/src/host.cpp.o: in function `AudioPlugin::~AudioPlugin()':\nhost.cpp:(.text._ZN11AudioPluginD2Ev[_ZN11AudioPluginD5Ev]+0x13): undefined reference to `vtable for AudioPlugin'\n/usr/bin/ld: CMakeFiles/plugin_host.dir/src/host.cpp.o:(.data.rel.ro._ZTI9GainStage[_ZTI9GainStage]+0x10): undefined reference to `typeinfo for AudioPlugin'\ncollect2: error: ld returned 1 exit status\ngmake[2]: *** [CMakeFiles/plugin_host.dir/build.make:97: plugin_host] Error 1",
    "the class's first non-inline virtual function (often the destructor) is declared but never defined or its .cpp is not compiled in: define it (= default / = 0) and add the source file to the build"
  ),
  pair(
    "h4-cmake-no-cmakelists",
    "c",
    'Exit code 1\nCMake Error: The source directory "/home/ola/src/tinyjson/build" does not appear to contain CMakeLists.txt.\nSpecify --help for usage, or press the help button on the CMake GUI.',
    'Exit code 1\nCMake Warning:\n  Ignoring extra path from command line:\n\n   ".."\n\nCMake Error: The source directory "/Users/max/dev" does not appear to contain CMakeLists.txt.\nSpecify --help for usage, or press the help button on the CMake GUI.',
    "point CMake at the folder that holds CMakeLists.txt: cmake -S <project-root> -B build (the path is wrong for the current directory)"
  ),
  pair(
    "h4-cxx-narrowing",
    "c",
    "Exit code 1\nsrc/pixel.cpp:12:30: error: narrowing conversion of 'value' from 'int' to 'uint8_t' {aka 'unsigned char'} [-Wnarrowing]\n   12 |     Pixel p{value, value, value};\n      |                              ^",
    "Exit code 1\n/Users/max/dev/audio/src/mixer.cpp:88:24: error: non-constant-expression cannot be narrowed from type 'size_t' (aka 'unsigned long') to 'int' in initializer list [-Wc++11-narrowing]\n   88 |     Frame f{channels, buffer.size()};\n      |                       ^~~~~~~~~~~~~\n/Users/max/dev/audio/src/mixer.cpp:88:24: note: insert an explicit cast to silence this issue\n   88 |     Frame f{channels, buffer.size()};\n      |                       ^~~~~~~~~~~~~\n      |                       static_cast<int>( )\n1 error generated.",
    "brace initialisation forbids narrowing: static_cast the value to the member's type (or change the member/variable type)"
  ),
  pair(
    "h4-cxx-std-version",
    "c",
    "Exit code 2\nsrc/cache.hpp:14:10: error: 'optional' in namespace 'std' does not name a type\n   14 |     std::optional<Entry> find(const Key& k) const;\n      |          ^~~~~~~~\nsrc/cache.hpp:14:5: note: 'std::optional' is only available from C++17 onwards",
    `Exit code 2
/home/ci/svc/src/router.cpp:33:15: error: 'string_view' in namespace 'std' does not name a type
   33 |     constexpr std::string_view kPrefix = "/api/";
      |               ^~~~~~~~~~~
/home/ci/svc/src/router.cpp:33:10: note: 'std::string_view' is only available from C++17 onwards
make[2]: *** [CMakeFiles/svc.dir/build.make:104: CMakeFiles/svc.dir/src/router.cpp.o] Error 1`,
    "compile as C++17 or newer: set(CMAKE_CXX_STANDARD 17) / target_compile_features(... cxx_std_17), or -std=c++17 in the Makefile"
  ),
  pair(
    "h4-ld-recompile-fpic",
    "c",
    "Exit code 1\n/usr/bin/ld: libcore.a(buffer.o): relocation R_X86_64_32 against `.rodata' can not be used when making a shared object; recompile with -fPIC\n/usr/bin/ld: failed to set dynamic section sizes: bad value\ncollect2: error: ld returned 1 exit status",
    "Exit code 2\n/usr/bin/ld: ../third_party/zstd/lib/libzstd.a(zstd_compress.o): relocation R_X86_64_PC32 against symbol `ZSTD_compressBound' can not be used when making a shared object; recompile with -fPIC\n/usr/bin/ld: final link failed: bad value\ncollect2: error: ld returned 1 exit status\nmake[2]: *** [CMakeFiles/pyzst.dir/build.make:98: pyzst.cpython-311-x86_64-linux-gnu.so] Error 1",
    "a static library linked into a shared object was built without PIC: rebuild it with -fPIC (CMAKE_POSITION_INDEPENDENT_CODE ON)"
  ),
  pair(
    "h4-clang-fopenmp-macos",
    "c",
    "Exit code 1\nclang: error: unsupported option '-fopenmp'",
    "Exit code 1\n      clang: error: unsupported option '-fopenmp'\n      error: command '/usr/bin/clang' failed with exit code 1\n      [end of output]\n\n  note: This error originates from a subprocess, and is likely not a problem with pip.\n  ERROR: Failed building wheel for lightgbm",
    "Apple clang has no OpenMP: brew install libomp and pass -Xpreprocessor -fopenmp -lomp with its include/lib paths (or build with Homebrew llvm/gcc)"
  ),
  pair(
    "h4-make-no-makefile",
    "c",
    "Exit code 2\nmake: *** No targets specified and no makefile found.  Stop.",
    "Exit code 2\nmake: *** No rule to make target 'install'.  Stop.\nmake: *** No targets specified and no makefile found.  Stop.",
    "no Makefile here yet: run the configure step first (./configure, or cmake -B build then make -C build)"
  ),
  pair(
    "h4-ld-shared-lib-not-found",
    "c",
    "Exit code 127\n./bin/server: error while loading shared libraries: libgrpc++.so.1.62: cannot open shared object file: No such file or directory",
    "Exit code 127\n/opt/tools/bin/imgconv: error while loading shared libraries: libvips.so.42: cannot open shared object file: No such file or directory",
    "the runtime linker cannot find the library: install it, or add its directory via ldconfig (/etc/ld.so.conf.d + sudo ldconfig) / LD_LIBRARY_PATH / rpath"
  ),
  // ruby
  pair(
    "h4-gem-mysql2-headers",
    "ruby",
    "Exit code 5\nInstalling mysql2 0.5.5 with native extensions\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n    current directory: /home/ugo/.gem/ruby/3.2.0/gems/mysql2-0.5.5/ext/mysql2\n/usr/bin/ruby -I /usr/lib/ruby/3.2.0 extconf.rb\nchecking for rb_absint_size()... yes\nchecking for mysql_query() in -lmysqlclient... no\n-----\nmysql client is missing. You may need to 'sudo apt-get install libmariadb-dev', 'sudo apt-get install libmysqlclient-dev' or 'sudo yum install mysql-devel', and try again.\n-----\n*** extconf.rb failed ***\n\nAn error occurred while installing mysql2 (0.5.5), and Bundler cannot continue.",
    "Exit code 5\nFetching mysql2 0.5.6\nInstalling mysql2 0.5.6 with native extensions\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n    current directory: /Users/zoe/.rbenv/versions/3.3.5/lib/ruby/gems/3.3.0/gems/mysql2-0.5.6/ext/mysql2\n/Users/zoe/.rbenv/versions/3.3.5/bin/ruby extconf.rb\nchecking for rb_absint_size()... yes\nchecking for mysql.h... no\nchecking for mysql/mysql.h... no\n-----\nmysql.h is missing. You may need to 'brew install mysql' or 'port install mysql', and try again.\n-----\n*** extconf.rb failed ***\n\nIn Gemfile:\n  mysql2",
    "install the MySQL client headers (libmysqlclient-dev / libmariadb-dev, brew install mysql-client and bundle config build.mysql2 --with-mysql-dir=$(brew --prefix mysql-client)), then bundle install"
  ),
  pair(
    "h4-rails-no-database",
    "ruby",
    "Exit code 1\nActiveRecord::NoDatabaseError: We could not find your database: blog_development. Available database configurations can be found in config/database.yml.\n\nTo resolve this error:\n\n- Did you not create the database, or did you delete it? To create the database, run:\n\n    bin/rails db:create\n\n- Has the database name changed? Verify that config/database.yml contains the correct database name.",
    "Exit code 1\nbin/rails aborted!\nActiveRecord::NoDatabaseError: We could not find your database: shop_test. Available database configurations can be found in config/database.yml. (ActiveRecord::NoDatabaseError)\n\nTo resolve this error:\n\n- Did you not create the database, or did you delete it? To create the database, run:\n\n    bin/rails db:create\nTasks: TOP => db:schema:load\n(See full trace by running task with --trace)",
    "create the database first: bin/rails db:create (RAILS_ENV=test for the test DB) then db:migrate / db:schema:load"
  ),
  pair(
    "h4-rails-invalid-authenticity-token",
    "ruby",
    `Started POST "/api/v1/webhooks/stripe" for 127.0.0.1 at 2026-05-02 11:21:07 +0000
Processing by Api::V1::WebhooksController#stripe as JSON
Can't verify CSRF token authenticity.
Completed 422 Unprocessable Entity in 2ms (ActiveRecord: 0.0ms | Allocations: 611)

ActionController::InvalidAuthenticityToken (Can't verify CSRF token authenticity.):`,
    `Started POST "/integrations/github/events" for 140.82.115.9 at 2026-11-22 08:40:19 +0000
Processing by Integrations::GithubController#events as */*
  Parameters: {"zen"=>"Keep it logically awesome.", "hook_id"=>514200873}
Can't verify CSRF token authenticity.
Completed 422 Unprocessable Content in 1ms (ActiveRecord: 0.0ms (0 queries, 0 cached) | GC: 0.0ms)

ActionController::InvalidAuthenticityToken (Can't verify CSRF token authenticity.):

actionpack (7.2.1) lib/action_controller/metal/request_forgery_protection.rb:325:in \`handle_unverified_request'`,
    "a machine-to-machine endpoint gets no CSRF token: skip_forgery_protection (or protect_from_forgery with: :null_session) in that controller, verifying the webhook signature instead"
  ),
  pair(
    "h4-rails-master-key-missing",
    "ruby",
    "Exit code 1\nActiveSupport::EncryptedFile::MissingKeyError: Missing encryption key to decrypt file with. Ask your team for your master key and write it to /app/config/master.key or put it in the ENV['RAILS_MASTER_KEY'].",
    "Exit code 1\n#14 3.902 bin/rails aborted!\n#14 3.902 ActiveSupport::EncryptedFile::MissingKeyError: Missing encryption key to decrypt file with. Ask your team for your master key and write it to /rails/config/credentials/production.key or put it in the ENV['RAILS_MASTER_KEY']. (ActiveSupport::EncryptedFile::MissingKeyError)\n#14 3.903 Tasks: TOP => assets:precompile",
    "provide the credentials key: set RAILS_MASTER_KEY (as a build secret for assets:precompile) or put the key file in config/ (master.key / credentials/<env>.key)"
  ),
  pair(
    "h4-ruby3-keyword-args",
    "ruby",
    "Exit code 1\n/home/ugo/app/lib/notifier.rb:12:in `deliver': wrong number of arguments (given 1, expected 0; required keyword: to) (ArgumentError)\n	from /home/ugo/app/lib/jobs/digest.rb:30:in `perform'",
    "Exit code 1\nFailures:\n\n  1) Billing::Invoice#send_reminder emails the customer\n     Failure/Error: def notify(user:, channel: :email)\n\n     ArgumentError:\n       wrong number of arguments (given 1, expected 0; required keyword: user)\n     # ./app/models/billing/invoice.rb:44:in `notify'\n     # ./app/models/billing/invoice.rb:21:in `send_reminder'",
    "Ruby 3 no longer turns a trailing hash into keywords: call with keywords (notify(user: u)) or splat the hash (notify(**opts))"
  ),
  pair(
    "h4-rails-server-pid",
    "ruby",
    "Exit code 1\n=> Booting Puma\n=> Rails 7.1.3 application starting in development\n=> Run `bin/rails server --help` for more startup options\nA server is already running (pid: 1, file: /app/tmp/pids/server.pid).\nExiting",
    "Exit code 1\nweb-1  | => Booting Puma\nweb-1  | => Rails 8.0.0 application starting in development\nweb-1  | A server is already running (pid: 27, file: /usr/src/app/tmp/pids/server.pid).\nweb-1  | Exiting\nweb-1 exited with code 1",
    "a stale tmp/pids/server.pid survived the last container: delete it (rm -f tmp/pids/server.pid before starting, e.g. in the entrypoint)"
  ),
  pair(
    "h4-psych4-disallowed-class",
    "ruby",
    "Exit code 1\n/home/ugo/.rbenv/versions/3.1.4/lib/ruby/3.1.0/psych/class_loader.rb:99:in `find': Tried to load unspecified class: Symbol (Psych::DisallowedClass)\n	from /home/ugo/app/config/initializers/settings.rb:3:in `<main>'",
    "Exit code 1\nPsych::DisallowedClass: Tried to load unspecified class: ActiveSupport::HashWithIndifferentAccess\n/usr/local/bundle/gems/psych-5.1.2/lib/psych/class_loader.rb:99:in `find'\n/usr/local/bundle/gems/psych-5.1.2/lib/psych/class_loader.rb:28:in `block (2 levels) in <class:ClassLoader>'\n/usr/local/bundle/gems/psych-5.1.2/lib/psych/to_ruby.rb:400:in `resolve_class'\n./lib/tasks/import.rake:17:in `block (2 levels) in <main>'",
    "Psych 4 safe_load is the default: pass permitted_classes: [Symbol, ...] to YAML.load (or YAML.unsafe_load for trusted files)"
  ),
  pair(
    "h4-ruby31-net-smtp",
    "ruby",
    "Exit code 1\n/usr/local/bundle/gems/mail-2.7.1/lib/mail.rb:9:in `require': cannot load such file -- net/smtp (LoadError)",
    "Exit code 1\n<internal:/usr/local/lib/ruby/3.3.0/rubygems/core_ext/kernel_require.rb>:136:in `require': cannot load such file -- net/pop (LoadError)\n	from /app/vendor/bundle/ruby/3.3.0/gems/mail-2.7.1/lib/mail/network/retriever_methods/pop3.rb:2:in `<main>'",
    'Ruby 3.1 moved net-smtp/net-pop/net-imap out of the default gems: upgrade mail to >= 2.8 or add gem "net-smtp", "net-pop", "net-imap" to the Gemfile'
  ),
  // claude
  pair(
    "h4-cc-no-changes-same-strings",
    "claude",
    "<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>",
    "No changes to make: old_string and new_string are exactly the same.",
    "the Edit would change nothing: Read the file again to see whether the change is already there, and send the intended new_string"
  ),
  pair(
    "h4-cc-cd-blocked",
    "claude",
    "cd to '/tmp/scratch' was blocked. For security, Claude Code may only change directories to child directories of the allowed working directories for this session (including '/home/rui/projects/shop').",
    "Exit code 1\ncd to '/Users/amy/work/shared-lib' was blocked. For security, Claude Code may only change directories to child directories of the allowed working directories for this session (including '/Users/amy/work/app').",
    "stay inside the session's working directories: use absolute paths instead of cd, or add the folder with /add-dir (or --add-dir / additionalDirectories)"
  ),
  pair(
    "h4-cc-webfetch-domain-check",
    "claude",
    "Unable to verify if domain docs.internal.acme.io is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.",
    "<tool_use_error>Unable to verify if domain registry.terraform.io is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.</tool_use_error>",
    "WebFetch's domain safety check cannot reach claude.ai from this network: fetch with curl through Bash instead (or allow the check / set skipWebFetchPreflight in settings)"
  ),
  pair(
    "h4-cc-agent-type-not-found",
    "claude",
    "Agent type 'code-reviewer' not found. Available agents: general-purpose, statusline-setup, output-style-setup, Explore, Plan",
    "<tool_use_error>Agent type 'db-migrator' not found. Available agents: general-purpose, statusline-setup, Explore, Plan, test-runner</tool_use_error>",
    "that subagent is not defined for this session: use one of the listed subagent_type values, or create it in .claude/agents/<name>.md and restart"
  ),
  pair(
    "h4-cc-notebook-cell-not-found",
    "claude",
    'Cell with ID "3f2a9c" not found in notebook.',
    '<tool_use_error>Cell with ID "cell-17" not found in notebook.</tool_use_error>',
    "Read the notebook again to get the current cell ids, then call NotebookEdit with one of them"
  ),
  pair(
    "h4-cc-hook-not-executable",
    "claude",
    "PreToolUse:Bash hook error: [/home/rui/.claude/hooks/guard-rm.sh]: /bin/sh: 1: /home/rui/.claude/hooks/guard-rm.sh: Permission denied",
    "PostToolUse:Edit hook error: [$CLAUDE_PROJECT_DIR/.claude/hooks/format.sh]: /bin/sh: 1: /Users/amy/work/app/.claude/hooks/format.sh: Permission denied",
    'the hook script is not executable: chmod +x it (or run it as "bash <script>" in the hook command)'
  ),
  pair(
    "h4-cc-multiedit-substring",
    "claude",
    "<tool_use_error>Cannot edit file: old_string is a substring of a new_string from a previous edit.</tool_use_error>",
    "Cannot edit file: old_string is a substring of a new_string from a previous edit.",
    "one MultiEdit edit searches text an earlier edit just inserted: reorder or merge the edits so no old_string matches a previous new_string"
  ),
  pair(
    "h4-cc-bash-output-no-shell",
    "claude",
    "<tool_use_error>No shell found with ID: bash_3</tool_use_error>",
    "No shell found with ID: 7c1e2a",
    "that background shell is gone (finished or killed): list the running ones with /bashes or start the command again and use the new id"
  ),
  pair(
    "h4-cc-read-directory",
    "claude",
    "<tool_use_error>EISDIR: illegal operation on a directory, read</tool_use_error>",
    "EISDIR: illegal operation on a directory, read",
    "Read takes a file, not a folder: list the folder with Glob or ls first, then Read a file inside it"
  ),
  // php
  pair(
    "h4-composer-php-version",
    "php",
    "Exit code 2\nLoading composer repositories with package information\nUpdating dependencies\nYour requirements could not be resolved to an installable set of packages.\n\n  Problem 1\n    - Root composer.json requires php ^8.2 but your php version (8.1.2) does not satisfy that requirement.",
    "Exit code 2\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nYour lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n    - symfony/console is locked to version v7.1.5 and an update of this package was not requested.\n    - symfony/console v7.1.5 requires php >=8.2 -> your php version (8.1.27) does not satisfy that requirement.\n  Problem 2\n    - laravel/framework is locked to version v11.30.0 and an update of this package was not requested.\n    - laravel/framework v11.30.0 requires php ^8.2 -> your php version (8.1.27) does not satisfy that requirement.",
    "the PHP running composer is older than the project needs: run composer with the required PHP version (install/switch php8.2+), don't downgrade the lock"
  ),
  pair(
    "h4-composer-missing-extension",
    "php",
    "Exit code 2\nYour requirements could not be resolved to an installable set of packages.\n\n  Problem 1\n    - Root composer.json requires PHP extension ext-intl * but it is missing from your system. Install or enable PHP's intl extension.",
    "Exit code 2\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nYour lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n    - phpoffice/phpspreadsheet is locked to version 2.3.0 and an update of this package was not requested.\n    - phpoffice/phpspreadsheet 2.3.0 requires ext-gd * -> it is missing from your system. Install or enable PHP's gd extension.\n\nTo enable extensions, verify that they are enabled in your .ini files:\n    - /etc/php/8.3/cli/php.ini\n    - /etc/php/8.3/cli/conf.d/10-opcache.ini\nYou can also run `php --ini` in a terminal to see which files are used by PHP in CLI mode.",
    "install and enable the named PHP extension for the CLI PHP (apt install php8.x-<ext> / docker-php-ext-install <ext>, check php -m)"
  ),
  pair(
    "h4-composer-lock-outdated",
    "php",
    'Exit code 4\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nWarning: The lock file is not up to date with the latest changes in composer.json. You may be getting outdated dependencies. It is recommended that you run `composer update` or `composer update <package name>`.\n- Required package "guzzlehttp/guzzle" is not present in the lock file.\nThis usually happens when composer files are incorrectly merged or the composer.json file is manually edited.',
    'Exit code 4\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nWarning: The lock file is not up to date with the latest changes in composer.json. You may be getting outdated dependencies. It is recommended that you run `composer update` or `composer update <package name>`.\n- Required (in require-dev) package "pestphp/pest" is in the lock file as "2.36.0" but that does not satisfy your constraint "^3.0".\nThis usually happens when composer files are incorrectly merged or the composer.json file is manually edited.',
    "composer.lock does not match composer.json: run composer update <package> (or composer update --lock) and commit the new lock"
  ),
  pair(
    "h4-php-class-not-found-autoload",
    "php",
    'Exit code 255\nPHP Fatal error:  Uncaught Error: Class "App\\Services\\InvoiceMailer" not found in /var/www/app/app/Http/Controllers/InvoiceController.php:41\nStack trace:\n#0 /var/www/app/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): App\\Http\\Controllers\\InvoiceController->send()',
    'Exit code 255\nPHP Fatal error:  Uncaught Error: Class "Acme\\Billing\\TaxRules" not found in /home/nia/billing/src/Invoice.php:17\nStack trace:\n#0 /home/nia/billing/tests/InvoiceTest.php(22): Acme\\Billing\\Invoice->total()\n#1 /home/nia/billing/vendor/phpunit/phpunit/src/Framework/TestCase.php(1188): Tests\\InvoiceTest->testTotal()\n  thrown in /home/nia/billing/src/Invoice.php on line 17',
    "the autoloader cannot map the class: make namespace and path match the PSR-4 map in composer.json (case too), then composer dump-autoload"
  ),
  pair(
    "h4-laravel-app-key",
    "php",
    "Exit code 1\n   Illuminate\\Encryption\\MissingAppKeyException \n\n  No application encryption key has been specified.\n\n  at vendor/laravel/framework/src/Illuminate/Encryption/EncryptionServiceProvider.php:83",
    '[2026-11-20 14:02:11] production.ERROR: No application encryption key has been specified. {"exception":"[object] (Illuminate\\\\Encryption\\\\MissingAppKeyException(code: 0): No application encryption key has been specified. at /var/www/html/vendor/laravel/framework/src/Illuminate/Encryption/EncryptionServiceProvider.php:83)"}',
    "APP_KEY is empty: php artisan key:generate (or set APP_KEY in the environment of that deployment)"
  ),
  pair(
    "h4-laravel-storage-permission",
    "php",
    'Exit code 1\n   UnexpectedValueException \n\n  The stream or file "/var/www/html/storage/logs/laravel.log" could not be opened in append mode: Failed to open stream: Permission denied',
    '[previous exception] [object] (UnexpectedValueException(code: 0): The stream or file "/srv/crm/storage/logs/laravel-2026-11-22.log" could not be opened in append mode: Failed to open stream: Permission denied\nThe exception occurred while attempting to log: file_put_contents(/srv/crm/storage/framework/views/4be2f1.php): Failed to open stream: Permission denied',
    "the web server user cannot write storage/: chown -R www-data:www-data storage bootstrap/cache (and chmod -R ug+rwX them)"
  ),
  // dotnet
  pair(
    "h4-nuget-nu1101",
    "dotnet",
    "Exit code 1\n  Determining projects to restore...\n/home/eli/src/Api/Api.csproj : error NU1101: Unable to find package Acme.Shared.Contracts. No packages exist with this id in source(s): nuget.org\n  Failed to restore /home/eli/src/Api/Api.csproj (in 1.2 sec).",
    "Exit code 1\n  Determining projects to restore...\nD:\\a\\billing\\billing\\src\\Billing.Worker\\Billing.Worker.csproj : error NU1101: Unable to find package Contoso.Messaging. No packages exist with this id in source(s): Microsoft Visual Studio Offline Packages, nuget.org [D:\\a\\billing\\billing\\Billing.sln]\n  Failed to restore D:\\a\\billing\\billing\\src\\Billing.Worker\\Billing.Worker.csproj (in 2.81 sec).",
    "the package lives on a private feed that is not configured here: add that feed (with credentials) to nuget.config / dotnet nuget add source, or fix the package id"
  ),
  pair(
    "h4-cs0246-missing-reference",
    "dotnet",
    "Exit code 1\n/home/eli/src/Api/Controllers/OrdersController.cs(4,7): error CS0246: The type or namespace name 'Newtonsoft' could not be found (are you missing a using directive or an assembly reference?) [/home/eli/src/Api/Api.csproj]",
    "Exit code 1\nBuild FAILED.\n\nC:\\dev\\Shop\\Shop.Tests\\CartTests.cs(12,10): error CS0246: The type or namespace name 'FactAttribute' could not be found (are you missing a using directive or an assembly reference?) [C:\\dev\\Shop\\Shop.Tests\\Shop.Tests.csproj]\nC:\\dev\\Shop\\Shop.Tests\\CartTests.cs(12,10): error CS0246: The type or namespace name 'Fact' could not be found (are you missing a using directive or an assembly reference?) [C:\\dev\\Shop\\Shop.Tests\\Shop.Tests.csproj]\n    0 Warning(s)\n    2 Error(s)",
    "add the PackageReference that provides the type to that .csproj (dotnet add package <pkg>) and the matching using directive"
  ),
  pair(
    "h4-dotnet-di-unresolved",
    "dotnet",
    "Exit code 1\nUnhandled exception. System.InvalidOperationException: Unable to resolve service for type 'Api.Services.IEmailSender' while attempting to activate 'Api.Controllers.AccountController'.\n   at Microsoft.Extensions.DependencyInjection.ActivatorUtilities.GetService(IServiceProvider sp, Type type, Type requiredBy, Boolean isDefaultParameterRequired)",
    "Exit code 134\nUnhandled exception. System.AggregateException: Some services are not able to be constructed (Error while validating the service descriptor 'ServiceType: Billing.Worker.InvoiceJob Lifetime: Singleton ImplementationType: Billing.Worker.InvoiceJob': Unable to resolve service for type 'Billing.Core.IInvoiceRepository' while attempting to activate 'Billing.Worker.InvoiceJob'.)\n ---> System.InvalidOperationException: Error while validating the service descriptor 'ServiceType: Billing.Worker.InvoiceJob Lifetime: Singleton ImplementationType: Billing.Worker.InvoiceJob': Unable to resolve service for type 'Billing.Core.IInvoiceRepository' while attempting to activate 'Billing.Worker.InvoiceJob'.",
    "register the missing dependency in the container (builder.Services.AddScoped<IFoo, Foo>() or the library's AddXxx()) before building the host"
  ),
  pair(
    "h4-msb1011-multiple-projects",
    "dotnet",
    "Exit code 1\nMSBUILD : error MSB1011: Specify which project or solution file to use because this folder contains more than one project or solution file.",
    "Exit code 1\nMSBUILD : error MSB1011: Specify which project or solution file to use because this folder contains more than one project or solution file.",
    "name the project or solution explicitly: dotnet build MyApp.sln (or dotnet test path/to/Tests.csproj)"
  ),
  pair(
    "h4-kestrel-address-in-use",
    "dotnet",
    "Exit code 1\ncrit: Microsoft.AspNetCore.Server.Kestrel[0]\n      Unable to start Kestrel.\n      System.IO.IOException: Failed to bind to address http://127.0.0.1:5000: address already in use.\n       ---> Microsoft.AspNetCore.Connections.AddressInUseException: Address already in use",
    "Exit code 1\nUnhandled exception. System.IO.IOException: Failed to bind to address https://[::]:7143: address already in use.\n ---> Microsoft.AspNetCore.Connections.AddressInUseException: Only one usage of each socket address (protocol/network address/port) is normally permitted.\n ---> System.Net.Sockets.SocketException (10048): Only one usage of each socket address (protocol/network address/port) is normally permitted.",
    "another process (often a previous dotnet run) holds the port: stop it, or change the URL in launchSettings.json / ASPNETCORE_URLS"
  ),
  pair(
    "h4-cs8618-non-nullable",
    "dotnet",
    "Exit code 1\n/home/eli/src/Api/Models/Customer.cs(5,19): error CS8618: Non-nullable property 'Name' must contain a non-null value when exiting constructor. Consider declaring the property as nullable. [/home/eli/src/Api/Api.csproj]",
    "Exit code 1\nC:\\dev\\Shop\\Shop.Core\\Dtos\\OrderDto.cs(9,23): error CS8618: Non-nullable property 'Lines' must contain a non-null value when exiting constructor. Consider adding the 'required' modifier or declaring the property as nullable. [C:\\dev\\Shop\\Shop.Core\\Shop.Core.csproj]",
    "give the property a value: mark it required, initialise it (= string.Empty / = new()), or declare it nullable (string?)"
  ),
  pair(
    "h4-aspnet-dev-cert",
    "dotnet",
    "Exit code 1\nUnhandled exception. System.InvalidOperationException: Unable to configure HTTPS endpoint. No server certificate was specified, and the default developer certificate could not be found or is out of date.\nTo generate a developer certificate run 'dotnet dev-certs https'. To trust the certificate (Windows and macOS only) run 'dotnet dev-certs https --trust'.\nFor more information on configuring HTTPS see https://go.microsoft.com/fwlink/?linkid=848054.",
    "Exit code 134\ncrit: Microsoft.AspNetCore.Server.Kestrel[0]\n      Unable to start Kestrel.\n      System.InvalidOperationException: Unable to configure HTTPS endpoint. No server certificate was specified, and the default developer certificate could not be found or is out of date.\n      To generate a developer certificate run 'dotnet dev-certs https'. To trust the certificate (Windows and macOS only) run 'dotnet dev-certs https --trust'.\n      For more information on configuring HTTPS see https://go.microsoft.com/fwlink/?linkid=848054.\n         at Microsoft.AspNetCore.Hosting.ListenOptionsHttpsExtensions.UseHttps(ListenOptions listenOptions, Action`1 configureOptions)",
    "create (and trust) the dev certificate: dotnet dev-certs https --trust (dotnet dev-certs https --clean first if it is stale)"
  ),
  // terraform
  pair(
    "h4-tf-backend-changed",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Backend configuration changed\n\u2502 \n\u2502 A change in the backend configuration has been detected, which may require migrating existing state.\n\u2502 \n\u2502 If you wish to attempt automatic migration of the state, use "terraform init -migrate-state".\n\u2502 If you wish to store the current configuration with no changes to the state, use "terraform init -reconfigure".\n\u2575',
    `Exit code 1
Initializing the backend...
Initializing modules...
\u2577
\u2502 Error: Backend initialization required, please run "terraform init"
\u2502 
\u2502 Reason: Backend configuration block has changed
\u2502 
\u2502 The "backend" is the interface that Terraform uses to store state,
\u2502 perform operations, etc. If this message is showing up, it means that the
\u2502 Terraform configuration you're using is using a custom configuration for
\u2502 the Terraform backend.
\u2575`,
    "the backend block changed since init: terraform init -reconfigure (or -migrate-state to move the existing state to the new backend)"
  ),
  pair(
    "h4-tf-undeclared-variable",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Reference to undeclared input variable\n\u2502 \n\u2502   on main.tf line 14, in resource "aws_instance" "web":\n\u2502   14:   instance_type = var.instance_size\n\u2502 \n\u2502 An input variable with the name "instance_size" has not been declared. This variable can be declared with a variable "instance_size" {} block.\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: Reference to undeclared input variable\n\u2502 \n\u2502   on modules/network/subnets.tf line 3, in resource "google_compute_subnetwork" "private":\n\u2502    3:   region        = var.gcp_region\n\u2502 \n\u2502 An input variable with the name "gcp_region" has not been declared. Did you mean "region"?\n\u2575',
    'declare the variable in that module (variable "<name>" {} in variables.tf) or use the name that is declared; module variables must be passed in from the caller'
  ),
  pair(
    "h4-tf-aws-no-credentials",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: No valid credential sources found\n\u2502 \n\u2502   with provider["registry.terraform.io/hashicorp/aws"],\n\u2502   on providers.tf line 1, in provider "aws":\n\u2502    1: provider "aws" {\n\u2502 \n\u2502 Please see https://registry.terraform.io/providers/hashicorp/aws\n\u2502 for more information about providing credentials.\n\u2502 \n\u2502 Error: failed to refresh cached credentials, no EC2 IMDS role found, operation error ec2imds: GetMetadata, request canceled, context deadline exceeded\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: No valid credential sources found for AWS Provider.\n\u2502 	Please see https://terraform.io/docs/providers/aws/index.html for more information on\n\u2502 	providing credentials for the AWS Provider\n\u2502 \n\u2502   with provider["registry.terraform.io/hashicorp/aws"].eu,\n\u2502   on main.tf line 8, in provider "aws":\n\u2502    8: provider "aws" {\n\u2575',
    "the AWS provider finds no credentials: export AWS_PROFILE (after aws sso login) or AWS_ACCESS_KEY_ID/SECRET, or set profile in the provider block"
  ),
  pair(
    "h4-tf-invalid-count-unknown",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Invalid count argument\n\u2502 \n\u2502   on main.tf line 22, in resource "aws_route53_record" "alias":\n\u2502   22:   count = length(aws_lb.public.*.dns_name)\n\u2502 \n\u2502 The "count" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created. To work around this, use the -target argument to first apply only the resources that the count depends on.\n\u2575',
    `Exit code 1
\u2577
\u2502 Error: Invalid for_each argument
\u2502 
\u2502   on modules/dns/main.tf line 5, in resource "cloudflare_record" "this":
\u2502    5:   for_each = toset(var.hostnames)
\u2502     \u251C\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
\u2502     \u2502 var.hostnames is a list of string, known only after apply
\u2502 
\u2502 The "for_each" set includes values derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.
\u2502 
\u2502 When working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.
\u2502 
\u2502 Alternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.
\u2575`,
    "count/for_each must be known at plan time: derive it from static inputs (variables, static map keys) instead of resource outputs, or apply the dependency first with -target"
  ),
  pair(
    "h4-tf-cycle",
    "terraform",
    "Exit code 1\n\u2577\n\u2502 Error: Cycle: aws_security_group.app, aws_security_group.db\n\u2502 \n\u2575",
    "Exit code 1\n\u2577\n\u2502 Error: Cycle: module.cluster.aws_security_group.nodes, module.cluster.aws_security_group.control_plane, module.cluster.aws_eks_cluster.this\n\u2575",
    "security groups reference each other inline: move the cross rules into separate aws_security_group_rule / aws_vpc_security_group_ingress_rule resources"
  ),
  pair(
    "h4-tf-s3-bucket-exists",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: creating S3 Bucket (assets): BucketAlreadyExists: The requested bucket name is not available. The bucket namespace is shared by all users of the system. Please select a different name and try again.\n\u2502 	status code: 409, request id: 7Y2C1Q8P0M3N4B5V\n\u2502 \n\u2502   with aws_s3_bucket.assets,\n\u2502   on s3.tf line 1, in resource "aws_s3_bucket" "assets":\n\u2502    1: resource "aws_s3_bucket" "assets" {\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: creating S3 Bucket (logs-prod): operation error S3: CreateBucket, https response error StatusCode: 409, RequestID: 0F4E2A6C9B1D3E5F, HostID: dGhpcyBpcyBhIGhvc3QgaWQ=, BucketAlreadyExists: \n\u2502 \n\u2502   with module.logging.aws_s3_bucket.this,\n\u2502   on .terraform/modules/logging/main.tf line 12, in resource "aws_s3_bucket" "this":\n\u2502   12: resource "aws_s3_bucket" "this" {\n\u2575',
    "S3 bucket names are global and someone else owns it: choose a unique name (prefix with account/project, or use bucket_prefix)"
  ),
  // k8s
  pair(
    "h4-k8s-private-image-pull",
    "k8s",
    'Events:\n  Type     Reason     Age                From               Message\n  ----     ------     ----               ----               -------\n  Normal   Scheduled  41s                default-scheduler  Successfully assigned shop/api-6d8f7c9b5-x2k4q to node-2\n  Normal   Pulling    20s (x2 over 40s)  kubelet            Pulling image "ghcr.io/acme/api:1.8.2"\n  Warning  Failed     20s (x2 over 40s)  kubelet            Failed to pull image "ghcr.io/acme/api:1.8.2": failed to pull and unpack image "ghcr.io/acme/api:1.8.2": failed to resolve reference "ghcr.io/acme/api:1.8.2": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Aacme%2Fapi%3Apull&service=ghcr.io: 401 Unauthorized\n  Warning  Failed     20s (x2 over 40s)  kubelet            Error: ErrImagePull\n  Normal   BackOff    8s (x2 over 39s)   kubelet            Back-off pulling image "ghcr.io/acme/api:1.8.2"\n  Warning  Failed     8s (x2 over 39s)   kubelet            Error: ImagePullBackOff',
    '  Warning  Failed     3m12s (x4 over 4m40s)  kubelet  Failed to pull image "registry.gitlab.com/northwind/billing/worker:main-4f2a9c1": rpc error: code = Unknown desc = failed to pull and unpack image "registry.gitlab.com/northwind/billing/worker:main-4f2a9c1": failed to resolve reference "registry.gitlab.com/northwind/billing/worker:main-4f2a9c1": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed\n  Warning  Failed     3m12s (x4 over 4m40s)  kubelet  Error: ErrImagePull\n  Normal   BackOff    2m58s (x6 over 4m39s)  kubelet  Back-off pulling image "registry.gitlab.com/northwind/billing/worker:main-4f2a9c1"',
    "the registry is private: create a docker-registry secret (kubectl create secret docker-registry ...) in that namespace and reference it in imagePullSecrets (or on the service account)"
  ),
  pair(
    "h4-k8s-removed-api-version",
    "k8s",
    'Exit code 1\nerror: resource mapping not found for name: "web" namespace: "" from "ingress.yaml": no matches for kind "Ingress" in version "extensions/v1beta1"\nensure CRDs are installed first',
    'Exit code 1\nError: UPGRADE FAILED: unable to build kubernetes objects from release manifest: resource mapping not found for name: "api-pdb" namespace: "" from "": no matches for kind "PodDisruptionBudget" in version "policy/v1beta1"\nensure CRDs are installed first',
    "that apiVersion was removed from this Kubernetes version: update the manifest/chart to the current one (networking.k8s.io/v1 Ingress, policy/v1 PDB, ...) and its new schema"
  ),
  pair(
    "h4-k8s-rbac-forbidden",
    "k8s",
    'Exit code 1\nError from server (Forbidden): pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods" in API group "" in the namespace "prod"',
    'Exit code 1\nError from server (Forbidden): error when creating "k8s/cronjob.yaml": cronjobs.batch is forbidden: User "system:serviceaccount:gitlab:runner" cannot create resource "cronjobs" in API group "batch" in the namespace "reports"',
    "the identity lacks RBAC rights there: add a Role/ClusterRole with those verbs and resources and bind it (RoleBinding) to the user/service account in that namespace"
  ),
  pair(
    "h4-k8s-insufficient-cpu",
    "k8s",
    "Events:\n  Type     Reason            Age   From               Message\n  ----     ------            ----  ----               -------\n  Warning  FailedScheduling  12s   default-scheduler  0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.",
    "  Warning  FailedScheduling  2m (x14 over 17m)  default-scheduler  0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 4 Insufficient memory. preemption: 0/5 nodes are available: 1 Preemption is not helpful for scheduling, 4 No preemption victims found for incoming pod.",
    "no node has the requested resources free: lower the pod's resources.requests (or replicas) or add/scale up nodes"
  ),
  pair(
    "h4-k8s-missing-selector",
    "k8s",
    'Exit code 1\nerror: error validating "deploy.yaml": error validating data: ValidationError(Deployment.spec): missing required field "selector" in io.k8s.api.apps.v1.DeploymentSpec; if you choose to ignore these errors, turn validation off with --validate=false',
    'Exit code 1\nThe Deployment "worker" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: map[string]string{"app":"worker"}: `selector` does not match template `labels`',
    "apps/v1 Deployments need spec.selector.matchLabels equal to the pod template's labels: add it"
  ),
  pair(
    "h4-k8s-selector-immutable",
    "k8s",
    'Exit code 1\nThe Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web", "tier":"frontend"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    'Exit code 1\nError: UPGRADE FAILED: cannot patch "billing-api" with kind Deployment: Deployment.apps "billing-api" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app.kubernetes.io/instance":"billing", "app.kubernetes.io/name":"billing-api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    "a Deployment's selector cannot change: delete the Deployment (kubectl delete deploy <name>, pods get recreated) and apply again, or keep the old labels"
  ),
  pair(
    "h4-helm-name-in-use",
    "k8s",
    "Exit code 1\nError: INSTALLATION FAILED: cannot re-use a name that is still in use",
    'Exit code 1\nRelease "grafana" does not exist. Installing it now.\nError: cannot re-use a name that is still in use',
    "a release of that name already exists in the namespace (maybe failed): use helm upgrade --install, or helm uninstall it first (helm list -a to see it)"
  )
];
var HOLDOUT3_UNRELATED = [
  // npm
  "Exit code 1\nnpm error code ETARGET\nnpm error notarget No matching version found for react-dom@19.0.0 with a date before 2024-10-01T00:00:00.000Z.\nnpm error notarget In most cases you or one of your dependencies are requesting\nnpm error notarget a package version that doesn't exist.",
  "Exit code 1\nnpm error code E401\nnpm error 401 Unauthorized - GET https://registry.npmjs.org/@acme%2finternal-sdk - unauthenticated: User cannot be authenticated with the token provided.\nnpm error One-time password required: run the command again with --otp=<code> from your authenticator.",
  'Exit code 1\nnpm error code EBADENGINE\nnpm error engine Unsupported engine\nnpm error engine Not compatible with your version of node/npm: vite@6.0.1\nnpm error notsup Required: {"node":"^18.0.0 || ^20.0.0 || >=22.0.0"}\nnpm error notsup Actual:   {"npm":"9.6.7","node":"v16.20.2"}',
  "Exit code 1\nnode:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '/home/omar/api/dist/server.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n    at Module._load (node:internal/modules/cjs/loader:1051:27) {\n  code: 'MODULE_NOT_FOUND',\n  requireStack: []\n}\n\nNode.js v20.10.0",
  "Exit code 1\nError: EMFILE: too many open files, open '/home/kim/web/public/img/p-0412.webp'\n    at async open (node:internal/fs/promises:639:25)\n    at async Object.readFile (node:internal/fs/promises:1242:14) {\n  errno: -24,\n  code: 'EMFILE',\n  syscall: 'open'\n}",
  "Exit code 1\n FAIL  src/utils/slug.test.ts\n  \u25CF Test suite failed to run\n\n    Cannot find module '@/lib/db' from 'src/utils/slug.test.ts'\n\n    > 1 | import { db } from '@/lib/db';\n        | ^",
  `Exit code 1
node:internal/process/promises:391
    triggerUncaughtException(err, true /* fromPromise */);
    ^

[UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "no token".] {
  code: 'ERR_UNHANDLED_REJECTION'
}

Node.js v20.11.1`,
  // tsc
  "Exit code 2\nsrc/cart/cart.test.ts(9,19): error TS2339: Property 'toBeInTheDocument' does not exist on type 'JestMatchers<HTMLElement>'.",
  "Exit code 2\nsrc/config.ts(3,22): error TS2732: Cannot find module './defaults.json'. Consider using '--resolveJsonModule' to import module with '.json' extension.",
  "Exit code 2\nsrc/store/index.ts(14,20): error TS2454: Variable 'initialState' is used before being assigned.",
  "Exit code 2\nsrc/paths.ts(4,36): error TS1470: The 'import.meta' meta-property is not allowed in files which will build into CommonJS output.",
  "Exit code 2\nerror TS6053: File '/home/ula/lib/tsconfig.base.json' not found.",
  "Exit code 2\nsrc/App.tsx(8,5): error TS2786: 'Layout' cannot be used as a JSX component.\n  Its type '(props: Props) => ReactNode' is not a valid JSX element type.\n    Type 'ReactNode' is not assignable to type 'ReactElement<any, any> | null'.",
  "Exit code 2\nscripts/seed.ts(3,7): error TS2393: Duplicate function implementation.",
  // webpack
  "Exit code 2\n[webpack-cli] Invalid configuration object. Webpack has been initialized using a configuration object that does not match the API schema.\n - configuration.module.rules[2] has an unknown property 'query'. These properties are valid:\n   object { assert?, compiler?, dependency?, descriptionData?, enforce?, exclude?, generator?, include?, issuer?, layer?, loader?, mimetype?, oneOf?, options?, parser?, resolve?, rules?, sideEffects?, test?, type?, use? }",
  "Exit code 1\n[vite] Internal server error: [sass] Undefined variable.\n  \u2577\n3 \u2502   color: $brand-primary;\n  \u2502          ^^^^^^^^^^^^^^\n  \u2575\n  src/styles/main.scss 3:10  root stylesheet\n  Plugin: vite:css",
  "Exit code 1\n[webpack-cli] TypeError: Cannot read properties of undefined (reading 'split')\n    at Object.<anonymous> (/home/ivo/app/webpack.config.js:14:44)\n    at Module._compile (node:internal/modules/cjs/loader:1368:14)",
  "9:41:07 AM [vite] http proxy error: /api/users\nError: self-signed certificate\n    at TLSSocket.onConnectSecure (node:_tls_wrap:1674:34)",
  'Exit code 1\nx Build failed in 840ms\nerror during build:\n[vite]: Rollup failed to resolve import "virtual:pwa-register" from "/home/ben/pwa/src/main.ts".\nThis is most likely unintended because it can break your application at runtime.',
  'Exit code 1\nx Build failed in 1.02s\nerror during build:\n[vite:esbuild] Transform failed with 1 error:\n/home/ben/pwa/src/sw.ts:7:2: ERROR: Unexpected "}"',
  "Exit code 1\nERROR in ./src/styles/app.scss\nModule build failed (from ./node_modules/sass-loader/dist/cjs.js):\nCan't find stylesheet to import.\n  \u2577\n1 \u2502 @use 'bootstrap/scss/bootstrap';\n  \u2502 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n  \u2575",
  // python
  "Exit code 1\nusage: setup.py [global_opts] cmd1 [cmd1_opts] [cmd2 [cmd2_opts] ...]\n   or: setup.py --help [cmd1 cmd2 ...]\n   or: setup.py --help-commands\n   or: setup.py cmd --help\n\nerror: invalid command 'bdist_wheel'",
  `Exit code 1
  File "/home/aya/report/render.py", line 18
    print(f"Total: {total:,.2f")
                              ^
SyntaxError: f-string: expecting '}'`,
  `Exit code 1
Traceback (most recent call last):
  File "/home/aya/svc/app/main.py", line 3, in <module>
    from app.db import session
ImportError: cannot import name 'session' from partially initialized module 'app.db' (most likely due to a circular import) (/home/aya/svc/app/db.py)`,
  "Exit code 1\n  error: subprocess-exited-with-error\n\n  \xD7 Building wheel for mysqlclient (pyproject.toml) did not run successfully.\n  \u2502 exit code: 1\n  \u2570\u2500> [12 lines of output]\n      Exception: Can not find valid pkg-config name.\n      Specify MYSQLCLIENT_CFLAGS and MYSQLCLIENT_LDFLAGS env vars manually\n      [end of output]",
  `Exit code 1
Traceback (most recent call last):
  File "/srv/api/app/services/tokens.py", line 88, in is_expired
    return datetime.fromisoformat(raw) >= now
ValueError: Invalid isoformat string: '2026-11-02 10:00:00 UTC'`,
  'Exit code 1\nTraceback (most recent call last):\n  File "/opt/etl/transform/features.py", line 112, in encode\n    mask = np.zeros(n, dtype=bool) & labels\nValueError: operands could not be broadcast together with shapes (512,) (510,)',
  'Exit code 1\nTraceback (most recent call last):\n  File "/app/worker.py", line 4, in <module>\n    import cv2\n  File "/usr/local/lib/python3.11/site-packages/cv2/__init__.py", line 181, in <module>\n    bootstrap()\nImportError: numpy.core.multiarray failed to import\n\nA module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.1.3 as it may crash. To support both 1.x and 2.x\nversions of NumPy, modules must be compiled with NumPy 2.0.',
  // pytest
  "Exit code 4\nERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\npytest: error: argument -n/--numprocesses: invalid choice: 'autp' (choose from 'auto', 'logical')\n  inifile: /home/aya/svc/pytest.ini\n  rootdir: /home/aya/svc",
  "Exit code 4\nERROR: file or directory not found: tests/test_settings.py::TestSettings::test_defaults\n\n============================= no tests ran in 0.01s ============================",
  "Exit code 1\n    def test_user_login(user):\n>       assert user.is_active\nE       AttributeError: 'NoneType' object has no attribute 'is_active'\n\ntests/test_auth.py:21: AttributeError",
  "Exit code 1\n    def test_vat():\n>       assert add_vat(10, 20) == 30\nE       assert 36.0 == 30\nE        +  where 36.0 = add_vat(10, 20)\n\ntests/test_tax.py:9: AssertionError",
  "Exit code 1\nfile /home/aya/svc/tests/test_client.py, line 14\n  def test_fetch_retries(mocker, client):\nE       fixture 'mocker' not found\n>       available fixtures: anyio_backend, cache, capfd, capfdbinary, caplog, capsys, capsysbinary, client, doctest_namespace, monkeypatch, pytestconfig, record_property, record_testsuite_property, record_xml_attribute, recwarn, tmp_path, tmp_path_factory, tmpdir, tmpdir_factory\n>       use 'pytest --fixtures [testpath]' for help on them.\n\n/home/aya/svc/tests/test_client.py:14",
  "Exit code 1\nE   hypothesis.errors.Flaky: Hypothesis test_roundtrip(data=b'\\x00') produces unreliable results: Falsified on the first call but did not on a subsequent one",
  // go
  "Exit code 1\ngo: github.com/acme/tools@v1.3.0: missing go.sum entry for go.mod file; to add it:\n	go mod download github.com/acme/tools",
  "Exit code 2\npanic: send on closed channel\n\ngoroutine 7 [running]:\nmain.worker(0xc000016120)\n	/home/yuki/src/pipe/main.go:22 +0x45\nexit status 2",
  "Exit code 1\ngo: module github.com/go-redis/redis/v9: git ls-remote -q origin in /root/go/pkg/mod/cache/vcs/4a1b: exit status 128:\n	fatal: could not read Username for 'https://github.com': terminal prompts disabled",
  "Exit code 1\n# github.com/mattn/go-sqlite3\nsqlite3-binding.c:35911:42: warning: 'pragma_name' may be used uninitialized [-Wmaybe-uninitialized]\n/usr/bin/ld: cannot find -lsqlite3: No such file or directory\ncollect2: error: ld returned 1 exit status",
  "Exit code 1\ncmd/server/main.go:9:2: package shopapi/internal/strx is not in std (/usr/local/go/src/shopapi/internal/strx)",
  "Exit code 1\n2026/03/12 09:20:11 sql: no rows in result set\nexit status 1",
  "Exit code 1\n2026/04/01 11:02:33 invalid character '}' looking for beginning of object key string\nexit status 1",
  // cargo
  "Exit code 101\nerror[E0599]: no method named `len` found for enum `Option` in the current scope\n  --> src/main.rs:14:10\n   |\n14 |     name.len()\n   |          ^^^ method not found in `Option<String>`\n   |\nnote: the method `len` exists on the type `String`\nhelp: consider using `Option::expect` to unwrap the `String` value, panicking if the value is an `Option::None`",
  "Exit code 101\nerror[E0432]: unresolved import `crate::models::User`\n --> src/handlers.rs:3:5\n  |\n3 | use crate::models::User;\n  |     ^^^^^^^^^^^^^^^^^^^ no `User` in `models`",
  'Exit code 101\nerror: linker `aarch64-linux-gnu-gcc` not found\n  |\n  = note: No such file or directory (os error 2)\n\nerror: could not compile `hello` (bin "hello") due to 1 previous error',
  "Exit code 101\nerror[E0616]: field `inner` of struct `Client` is private\n  --> src/bin/cli.rs:9:17\n   |\n9  |     let c = cli.inner;\n   |                 ^^^^^ private field",
  "Exit code 101\nthread 'main' panicked at src/main.rs:12:5:\ncalled `Result::unwrap()` on an `Err` value: Os { code: 111, kind: ConnectionRefused, message: \"Connection refused\" }",
  'Exit code 101\nerror: failed to select a version for the requirement `tokio = "^2.0"`\ncandidate versions found which didn\'t match: 1.41.1, 1.41.0, 1.40.0, ...\nlocation searched: crates.io index\nrequired by package `fetcher v0.1.0 (/home/ana/fetcher)`',
  // git
  "Exit code 1\nerror: pathspec 'src/old_config.py' did not match any file(s) known to git",
  "Exit code 128\nfatal: couldn't find remote ref feature/search-filters",
  "Exit code 1\nTo github.com:pia/dotfiles.git\n ! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs to 'github.com:pia/dotfiles.git'\nhint: Updates were rejected because the tip of your current branch is behind",
  "Exit code 128\nfatal: unable to access 'https://github.com/acme/web.git/': Could not resolve host: github.com",
  "Exit code 1\nerror: commit 4f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 is a merge but no -m option was given.\nfatal: cherry-pick failed",
  "Exit code 128\nfatal: Unable to create '/home/pia/dotfiles/.git/refs/heads/main.lock': File exists.",
  "Exit code 128\nfatal: no tag exactly matches '9c3e1f0a7b2d4e6f8a0c1b3d5e7f9a1c3e5b7d9f'",
  // ssl
  "Exit code 35\ncurl: (35) OpenSSL/3.0.13: error:0A00010B:SSL routines::wrong version number",
  "Exit code 1\nrequests.exceptions.ProxyError: HTTPSConnectionPool(host='api.github.com', port=443): Max retries exceeded with url: /rate_limit (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required')))",
  "Exit code 6\ncurl: (6) Could not resolve host: api.internal.example",
  "Exit code 1\nError: getaddrinfo ENOTFOUND api.stripe-sandbox.test\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:120:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n  hostname: 'api.stripe-sandbox.test'\n}",
  'Exit code 1\nException in thread "main" javax.net.ssl.SSLHandshakeException: PKIX path validation failed: java.security.cert.CertPathValidatorException: validity check failed\n	at java.base/sun.security.ssl.Alert.createSSLException(Alert.java:131)',
  "Exit code 255\nssh: connect to host 10.0.4.17 port 22: Connection refused",
  `Exit code 1
requests.exceptions.SSLError: HTTPSConnectionPool(host='gitlab.internal', port=443): Max retries exceeded with url: /api/v4/projects (Caused by SSLError(SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Hostname mismatch, certificate is not valid for 'gitlab.internal'. (_ssl.c:1006)")))`,
  // db
  'Exit code 1\npsycopg2.errors.UniqueViolation: duplicate key value violates unique constraint "users_email_key"\nDETAIL:  Key (email)=(ana@example.com) already exists.',
  "Exit code 1\nERROR:  permission denied for schema public\nLINE 1: CREATE TABLE invoices (id serial primary key);",
  'Exit code 2\npsql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  database "root" does not exist',
  "Exit code 1\nERROR 1045 (28000): Access denied for user 'app'@'172.18.0.5' (using password: YES)",
  "Exit code 1\nERROR 1215 (HY000): Cannot add foreign key constraint",
  'Exit code 1\nsqlite3.OperationalError: near "ON": syntax error',
  "Exit code 1\nERROR:  aggregate functions are not allowed in WHERE\nLINE 1: SELECT user_id FROM orders WHERE count(*) > 3 GROUP BY user_id;",
  "Exit code 1\nERROR 3948 (42000): Loading local data is disabled; this must be enabled on both the client and server sides",
  // shell
  "Exit code 255\nines@203.0.113.10: Permission denied (publickey).",
  "Exit code 2\n./scripts/release.sh: line 14: syntax error near unexpected token `fi'\n./scripts/release.sh: line 14: `fi'",
  "Exit code 1\ngrep: invalid option -- P\nusage: grep [-abcdDEFGHhIiJLlMmnOopqRSsUVvwXxZz] [-A num] [-B num] [-C[num]]",
  "Exit code 1\nln: failed to create symbolic link '/usr/local/bin/kubectl': Permission denied",
  "Exit code 1\ncp: cannot stat 'assets/*': No such file or directory",
  "Exit code 1\nsudo: a terminal is required to read the password; either use the -S option to read from standard input or configure an askpass helper\nsudo: a password is required",
  "Exit code 127\n/usr/bin/env: 'bash\\r': No such file or directory",
  "Exit code 1\nssh-add: /home/ines/.ssh/id_rsa: No such file or directory",
  // docker
  "Exit code 1\nError response from daemon: No such image: shop-api:dev",
  'Exit code 127\ndocker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "gunicorn": executable file not found in $PATH: unknown.',
  'Exit code 1\n#7 0.436 E: Release file for http://deb.debian.org/debian/dists/bookworm-updates/InRelease is not valid yet (invalid for another 3h 12min 5s). Updates for this repository will not be applied.\nERROR: failed to solve: process "/bin/sh -c apt-get update" did not complete successfully: exit code: 100',
  "Exit code 15\nvalidating /srv/stack/docker-compose.yml: services.api.depends_on.db Additional property condtion is not allowed",
  'Exit code 1\nDockerfile:3\n--------------------\n   1 |     FROM node:20-alpine\n   3 | >>> COPY package*.json ./\n--------------------\nERROR: failed to solve: failed to compute cache key: failed to calculate checksum of ref 4f1b: "/package-lock.json": not found',
  "Exit code 125\ndocker: Error response from daemon: pull access denied for acme/billing, repository does not exist or may require 'docker login': denied: requested access to the resource is denied.",
  `Exit code 1
ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1
#12 3.120 Error: Cannot find module '/app/scripts/prebuild.js'`,
  `Exit code 125
docker: Error response from daemon: invalid mount config for type "volume": invalid mount path: 'data' mount path must be absolute.`,
  // java
  "Exit code 1\nsrc/main/java/com/acme/util/Strings.java:5: error: cannot find symbol\n        return StringUtils.capitalize(s);\n               ^\n  symbol:   variable StringUtils\n  location: class Strings",
  'Exit code 1\nException in thread "main" java.lang.OutOfMemoryError: Java heap space\n	at com.acme.report.Exporter.buildRows(Exporter.java:88)',
  "Exit code 1\n[ERROR] Failed to execute goal on project billing: Could not resolve dependencies for project com.acme:billing:jar:1.0.0-SNAPSHOT: The following artifacts could not be resolved: com.acme:money:jar:2.1.0 (absent)",
  "Exit code 1\n[ERROR] 'dependencies.dependency.(groupId:artifactId:type:classifier)' must be unique: org.slf4j:slf4j-api:jar -> duplicate declaration of version 2.0.9 @ line 77, column 17",
  "Exit code 1\nExecution failed for task ':app:processDebugMainManifest'.\n> Manifest merger failed : android:exported needs to be explicitly specified for element <activity#com.acme.MainActivity>. Apps targeting Android 12 and higher are required to specify an explicit value for `android:exported` when the corresponding component has an intent filter defined.",
  "Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.\n\nReason: Failed to determine a suitable driver class",
  "Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nThe dependencies of some of the beans in the application context form a cycle:\n\n   orderService defined in file [/app/classes/com/acme/orders/OrderService.class]\n\u250C\u2500\u2500\u2500\u2500\u2500\u2510\n|  paymentService defined in file [/app/classes/com/acme/pay/PaymentService.class]\n\u2514\u2500\u2500\u2500\u2500\u2500\u2518",
  // c
  "Exit code 1\n/usr/bin/ld: CMakeFiles/app.dir/main.cpp.o: in function `main':\nmain.cpp:(.text+0x2c): undefined reference to `pthread_create'\ncollect2: error: ld returned 1 exit status",
  "Exit code 1\nsrc/config.h:9:10: fatal error: yaml-cpp/yaml.h: No such file or directory\n    9 | #include <yaml-cpp/yaml.h>\n      |          ^~~~~~~~~~~~~~~~~\ncompilation terminated.",
  "Exit code 1\nCMake Error at CMakeLists.txt:1 (cmake_minimum_required):\n  CMake 3.28 or higher is required.  You are running version 3.22.1",
  "Exit code 1\nsrc/pixel.cpp:12:30: error: invalid conversion from 'const char*' to 'char*' [-fpermissive]",
  "Exit code 2\ncc1: all warnings being treated as errors\nmake: *** [Makefile:14: obj/util.o] Error 1",
  "Exit code 2\nmake: *** No rule to make target 'src/version.h', needed by 'obj/main.o'.  Stop.",
  'Exit code 1\nCMake Error at CMakeLists.txt:18 (pkg_check_modules):\n  Unknown CMake command "pkg_check_modules".',
  "Exit code 139\nSegmentation fault (core dumped)",
  // ruby
  "Exit code 5\nInstalling pg 1.5.4 with native extensions\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.\nchecking for pg_config... no\nNo pg_config... trying anyway. If building fails, please try again with\n --with-pg-config=/path/to/pg_config",
  'Exit code 1\nActiveRecord::ConnectionNotEstablished: connection to server at "127.0.0.1", port 5432 failed: Connection refused\n	Is the server running on that host and accepting TCP/IP connections?',
  "Processing by Api::V1::WebhooksController#stripe as JSON\nCompleted 401 Unauthorized in 3ms (ActiveRecord: 0.0ms | Allocations: 540)",
  'Exit code 1\nActionView::Template::Error (The asset "application.css" is not present in the asset pipeline.\n):\n    5:     <%= stylesheet_link_tag "application", "data-turbo-track": "reload" %>',
  "Exit code 1\n/home/ugo/app/lib/notifier.rb:12:in `deliver': wrong number of arguments (given 3, expected 1..2) (ArgumentError)",
  "Exit code 1\n/home/ugo/app/config/initializers/settings.rb:3:in `<main>': (config/settings.yml): did not find expected key while parsing a block mapping at line 4 column 3 (Psych::SyntaxError)",
  "Exit code 1\n/usr/local/bundle/gems/bootsnap-1.17.0/lib/bootsnap/load_path_cache/core_ext/kernel_require.rb:17:in `require': cannot load such file -- sassc (LoadError)",
  // claude
  "<tool_use_error>String to replace not found in file.\nString: const API_URL = 'http://localhost:3000';</tool_use_error>",
  "<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe required parameter `new_string` is missing</tool_use_error>",
  "<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>",
  "Request failed with status code 404",
  "<tool_use_error>Error: No such tool available: Task</tool_use_error>",
  "PreToolUse:Bash hook error: [/home/rui/.claude/hooks/guard-rm.sh]: Blocked: rm -rf outside the project is not allowed",
  "<tool_use_error>File does not exist. Current working directory: /home/rui/projects/shop</tool_use_error>",
  "<tool_use_error>Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: import { z } from 'zod';</tool_use_error>",
  // php
  "Exit code 2\nYour requirements could not be resolved to an installable set of packages.\n\n  Problem 1\n    - Root composer.json requires laravel/sanctum ^5.0, found laravel/sanctum[v2.0.0, ..., v4.0.3] but it does not match the constraint.",
  'Exit code 1\nPHP Warning:  Module "intl" is already loaded in Unknown on line 0',
  "Exit code 255\nPHP Fatal error:  Uncaught Error: Call to undefined method App\\Services\\InvoiceMailer::sendLater() in /var/www/app/app/Http/Controllers/InvoiceController.php:41",
  "Exit code 1\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from `sessions` where `id` = 4f2a limit 1)",
  "Exit code 1\n   ErrorException \n\n  file_put_contents(/var/www/html/.env): Failed to open stream: No such file or directory",
  'Exit code 255\nPHP Parse error:  syntax error, unexpected token "match", expecting ")" in /home/nia/billing/src/Invoice.php on line 30',
  // dotnet
  "Exit code 1\n/home/eli/src/Api/Api.csproj : error NU1605: Warning As Error: Detected package downgrade: Microsoft.Extensions.Logging from 8.0.1 to 8.0.0. Reference the package directly from the project to select a different version.",
  "Exit code 1\n/home/eli/src/Api/Controllers/OrdersController.cs(31,25): error CS1061: 'Order' does not contain a definition for 'Total' and no accessible extension method 'Total' accepting a first argument of type 'Order' could be found (are you missing a using directive or an assembly reference?)",
  "Exit code 1\nUnhandled exception. System.InvalidOperationException: Cannot consume scoped service 'Api.Data.AppDbContext' from singleton 'Api.Services.CacheWarmer'.",
  "Exit code 1\nMSBUILD : error MSB1009: Project file does not exist.\nSwitch: Api.sln",
  "Exit code 1\n/home/eli/src/Api/Models/Customer.cs(12,16): warning CS8602: Dereference of a possibly null reference. [/home/eli/src/Api/Api.csproj]\n/home/eli/src/Api/Api.csproj : error : Warnings treated as errors",
  "Exit code 1\nUnhandled exception. System.Security.Authentication.AuthenticationException: The remote certificate is invalid according to the validation procedure: RemoteCertificateNameMismatch",
  // terraform
  "Exit code 1\n\u2577\n\u2502 Error: Error acquiring the state lock\n\u2502 \n\u2502 Error message: ConditionalCheckFailedException: The conditional request failed\n\u2502 Lock Info:\n\u2502   ID:        9b1c2d3e-4f50-6a7b-8c9d-0e1f2a3b4c5d\n\u2575",
  'Exit code 1\n\u2577\n\u2502 Error: Unsupported argument\n\u2502 \n\u2502   on main.tf line 14, in resource "aws_instance" "web":\n\u2502   14:   instance_size = "t3.micro"\n\u2502 \n\u2502 An argument named "instance_size" is not expected here.\n\u2575',
  'Exit code 1\n\u2577\n\u2502 Error: No value for required variable\n\u2502 \n\u2502   on variables.tf line 1:\n\u2502    1: variable "gcp_region" {\n\u2502 \n\u2502 The root module input variable "gcp_region" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.\n\u2575',
  "Exit code 1\n\u2577\n\u2502 Error: creating S3 Bucket (assets): BucketAlreadyOwnedByYou: Your previous request to create the named bucket succeeded and you already own it.\n\u2575",
  `Exit code 1
\u2577
\u2502 Error: Inconsistent dependency lock file
\u2502 
\u2502 The following dependency selections recorded in the lock file are inconsistent with the current configuration:
\u2502   - provider registry.terraform.io/hashicorp/aws: locked version selection 5.31.0 doesn't match the updated version constraints "~> 5.60"
\u2575`,
  'Exit code 1\n\u2577\n\u2502 Error: Failed to get existing workspaces: S3 bucket "acme-tf-state" does not exist.\n\u2502 \n\u2502 The referenced S3 bucket must have been previously created. If the S3 bucket\n\u2502 was created within the last minute, please wait for a minute or two and try\n\u2502 again.\n\u2575',
  // k8s
  '  Warning  Failed     20s (x2 over 40s)  kubelet            Failed to pull image "ghcr.io/acme/api:1.8.3": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/acme/api:1.8.3": failed to resolve reference "ghcr.io/acme/api:1.8.3": ghcr.io/acme/api:1.8.3: not found',
  `Exit code 1
error: the server doesn't have a resource type "ingressroutes"`,
  'Exit code 1\nError from server (NotFound): namespaces "prod" not found',
  "  Warning  FailedScheduling  12s   default-scheduler  0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
  "Exit code 1\nerror: error parsing deploy.yaml: error converting YAML to JSON: yaml: line 14: mapping values are not allowed in this context",
  "Exit code 1\nError: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
  "  Warning  BackOff  2m (x25 over 7m)  kubelet  Back-off restarting failed container api in pod api-6d8f7c9b5-x2k4q_shop(3c2f1a0e-9b8d-4c7e-a6f5-1e2d3c4b5a69)"
];

// bench/retrieval/holdout-v4.ts
var HOLDOUT4_PAIRS = [
  // npm
  pair(
    "h5-npm-eexist-global-bin",
    "npm",
    "Exit code 1\nnpm ERR! code EEXIST\nnpm ERR! path /usr/local/bin/yarn\nnpm ERR! EEXIST: file already exists\nnpm ERR! File exists: /usr/local/bin/yarn\nnpm ERR! Remove the existing file and try again, or run npm\nnpm ERR! with --force to overwrite files recklessly.\n\nnpm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-02-11T09_14_22_101Z-debug-0.log",
    "Exit code 1\nnpm error code EEXIST\nnpm error path /opt/homebrew/bin/pnpm\nnpm error EEXIST: file already exists\nnpm error File exists: /opt/homebrew/bin/pnpm\nnpm error Remove the existing file and try again, or run npm\nnpm error with --force to overwrite files recklessly.\nnpm error A complete log of this run can be found in: /Users/tessa/.npm/_logs/2026-11-20T15_02_47_338Z-debug-0.log",
    "a global bin of that name already exists (often from corepack or Homebrew): remove that file (or corepack disable) and npm i -g again, or npm i -g --force"
  ),
  pair(
    "h5-npm-workspace-protocol",
    "npm",
    'Exit code 1\nnpm ERR! code EUNSUPPORTEDPROTOCOL\nnpm ERR! Unsupported URL Type "workspace:": workspace:*\n\nnpm ERR! A complete log of this run can be found in: /home/dmitri/.npm/_logs/2026-03-02T11_40_05_912Z-debug-0.log',
    'Exit code 1\nnpm warn config production Use `--omit=dev` instead.\nnpm error code EUNSUPPORTEDPROTOCOL\nnpm error Unsupported URL Type "workspace:": workspace:^\nnpm error A complete log of this run can be found in: /home/runner/.npm/_logs/2026-11-21T18_33_12_004Z-debug-0.log',
    "the repo uses the workspace: protocol of pnpm/yarn: install with the package manager it declares (pnpm install / yarn), not npm"
  ),
  pair(
    "h5-npm-ebadplatform",
    "npm",
    'Exit code 1\nnpm ERR! code EBADPLATFORM\nnpm ERR! notsup Unsupported platform for fsevents@2.3.3: wanted {"os":"darwin"} (current: {"os":"linux"})\nnpm ERR! notsup Valid OS:    darwin\nnpm ERR! notsup Valid Arch:  any\nnpm ERR! notsup Actual OS:   linux\nnpm ERR! notsup Actual Arch: x64\n\nnpm ERR! A complete log of this run can be found in: /home/node/.npm/_logs/2026-05-06T07_21_40_553Z-debug-0.log',
    'Exit code 1\nnpm error code EBADPLATFORM\nnpm error notsup Unsupported platform for @esbuild/darwin-arm64@0.21.5: wanted {"os":"darwin","cpu":"arm64"} (current: {"os":"linux","cpu":"x64"})\nnpm error notsup Valid os:  darwin\nnpm error notsup Actual os: linux\nnpm error notsup Valid cpu:  arm64\nnpm error notsup Actual cpu: x64\nnpm error A complete log of this run can be found in: /github/home/.npm/_logs/2026-11-22T06_10_59_871Z-debug-0.log',
    "a platform-specific package is a direct dependency: remove it from dependencies (let the parent pull it as an optionalDependency) and reinstall, or move it to optionalDependencies"
  ),
  pair(
    "h5-npm-e402-private-scope",
    "npm",
    "Exit code 1\nnpm ERR! code E402\nnpm ERR! 402 Payment Required - PUT https://registry.npmjs.org/@lumen%2fcolors - You must sign up for private packages\n\nnpm ERR! A complete log of this run can be found in: /home/ayo/.npm/_logs/2026-04-18T13_55_31_640Z-debug-0.log",
    "Exit code 1\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest and default access\nnpm error code E402\nnpm error 402 Payment Required - PUT https://registry.npmjs.org/@quarry-labs%2fcli-utils - You must sign up for private packages\nnpm error A complete log of this run can be found in: /Users/mei/.npm/_logs/2026-11-19T22_41_08_125Z-debug-0.log",
    'scoped packages publish as private by default: npm publish --access public (or set "publishConfig": { "access": "public" } in package.json)'
  ),
  pair(
    "h5-npm-eotp",
    "npm",
    "Exit code 1\nnpm ERR! code EOTP\nnpm ERR! This operation requires a one-time password from your authenticator.\nnpm ERR! You can provide a one-time password by passing --otp=<code> to the command you ran.\nnpm ERR! If you already provided a one-time password then it is likely that you either typoed\nnpm ERR! it, or it timed out. Please try again.\n\nnpm ERR! A complete log of this run can be found in: /home/ayo/.npm/_logs/2026-04-18T14_02_10_003Z-debug-0.log",
    "Exit code 1\nnpm notice \u{1F4E6}  ts-retry-kit@2.4.0\nnpm notice Tarball Contents\nnpm notice 1.2kB README.md\nnpm error code EOTP\nnpm error This operation requires a one-time password from your authenticator.\nnpm error You can provide a one-time password by passing --otp=<code> to the command you ran.\nnpm error If you already provided a one-time password then it is likely that you either typoed\nnpm error it, or it timed out. Please try again.\nnpm error A complete log of this run can be found in: /home/runner/.npm/_logs/2026-11-23T08_00_12_777Z-debug-0.log",
    "2FA is on for publishing: pass the current code with --otp=<code> (in CI use a granular automation token that bypasses 2FA)"
  ),
  pair(
    "h5-node-import-attribute-json",
    "npm",
    `Exit code 1
node:internal/modules/esm/assert:88
        throw new ERR_IMPORT_ASSERTION_TYPE_MISSING(url, validType);
              ^

TypeError [ERR_IMPORT_ASSERTION_TYPE_MISSING]: Module "file:///home/ola/cli/config/defaults.json" needs an import assertion of type "json"
    at new NodeError (node:internal/errors:405:5)
    at validateAssertions (node:internal/modules/esm/assert:88:15)
    at defaultLoad (node:internal/modules/esm/load:96:3) {
  code: 'ERR_IMPORT_ASSERTION_TYPE_MISSING'
}

Node.js v18.19.0`,
    `Exit code 1
node:internal/modules/esm/assert:88
        throw new ERR_IMPORT_ATTRIBUTE_MISSING(url, 'type', validType);
              ^

TypeError [ERR_IMPORT_ATTRIBUTE_MISSING]: Module "file:///srv/worker/package.json" needs an import attribute of "type: json"
    at validateAttributes (node:internal/modules/esm/assert:88:15)
    at defaultLoad (node:internal/modules/esm/load:153:3)
    at async ModuleLoader.load (node:internal/modules/esm/loader:567:7) {
  code: 'ERR_IMPORT_ATTRIBUTE_MISSING'
}

Node.js v22.11.0`,
    "ESM imports of JSON need the attribute: import data from './file.json' with { type: 'json' } (or read it with fs.readFileSync + JSON.parse / createRequire)"
  ),
  pair(
    "h5-node-dirname-esm",
    "npm",
    "Exit code 1\nfile:///home/ola/cli/src/paths.js:4\nconst root = path.join(__dirname, '..');\n                       ^\n\nReferenceError: __dirname is not defined in ES module scope\n    at file:///home/ola/cli/src/paths.js:4:24\n    at ModuleJob.run (node:internal/modules/esm/module_job:195:25)\n\nNode.js v18.19.0",
    `Exit code 1
file:///Users/hk/site/scripts/build-sitemap.js:12
  const out = resolve(__dirname, '../public/sitemap.xml');
                      ^

ReferenceError: __dirname is not defined in ES module scope
This file is being treated as an ES module because it has a '.js' file extension and '/Users/hk/site/package.json' contains "type": "module". To treat it as a CommonJS script, rename it to use the '.cjs' file extension.
    at file:///Users/hk/site/scripts/build-sitemap.js:12:23
    at ModuleJob.run (node:internal/modules/esm/module_job:262:25)
    at async onImport.tracePromise.__proto__ (node:internal/modules/esm/loader:483:26)

Node.js v22.3.0`,
    "ES modules have no __dirname: use import.meta.dirname (Node 20.11+) or path.dirname(fileURLToPath(import.meta.url))"
  ),
  pair(
    "h5-node-listen-eacces",
    "npm",
    "Exit code 1\nnode:net:1904\n    const ex = new UVExceptionWithHostPort(err, 'listen', address, port);\n               ^\n\nError: listen EACCES: permission denied 0.0.0.0:80\n    at Server.setupListenHandle [as _listen2] (node:net:1904:21)\n    at listenInCluster (node:net:1969:12)\n    at Server.listen (node:net:2074:7)\n    at Object.<anonymous> (/home/deploy/api/server.js:41:8) {\n  code: 'EACCES',\n  errno: -13,\n  syscall: 'listen',\n  address: '0.0.0.0',\n  port: 80\n}",
    "Exit code 1\n[nodemon] starting `node dist/main.js`\nnode:net:1937\n    const ex = new UVExceptionWithHostPort(err, 'listen', address, port);\n               ^\n\nError: listen EACCES: permission denied :::443\n    at Server.setupListenHandle [as _listen2] (node:net:1937:21)\n    at listenInCluster (node:net:1994:12)\n    at Server.listen (node:net:2099:7)\n    at Function.listen (/srv/gateway/node_modules/express/lib/application.js:635:24) {\n  code: 'EACCES',\n  errno: -13,\n  syscall: 'listen',\n  address: '::',\n  port: 443\n}\n\nNode.js v20.17.0\n[nodemon] app crashed - waiting for file changes before starting...",
    "ports below 1024 need privileges: listen on a high port (3000/8080) behind a proxy, or grant node cap_net_bind_service (setcap), never run it as root"
  ),
  pair(
    "h5-jest-path-alias",
    "npm",
    "Exit code 1\n FAIL  src/pages/Home.test.tsx\n  \u25CF Test suite failed to run\n\n    Cannot find module '@/components/Button' from 'src/pages/Home.tsx'\n\n    Require stack:\n      src/pages/Home.tsx\n      src/pages/Home.test.tsx\n\n      1 | import React from 'react';\n    > 2 | import { Button } from '@/components/Button';\n        | ^\n\n      at Resolver._throwModNotFoundError (node_modules/jest-resolve/build/resolver.js:427:11)",
    "Exit code 1\n FAIL  tests/unit/cart.spec.ts\n  \u25CF Test suite failed to run\n\n    Cannot find module '@/store/cart' from 'tests/unit/cart.spec.ts'\n\n      2 | import { describe, it, expect } from '@jest/globals';\n    > 3 | import { addItem } from '@/store/cart';\n        | ^\n      4 |\n\n      at Resolver._throwModNotFoundError (node_modules/jest-resolve/build/resolver.js:427:11)\n      at Object.<anonymous> (tests/unit/cart.spec.ts:3:1)\n\nTest Suites: 1 failed, 11 passed, 12 total\nTests:       48 passed, 48 total",
    "Jest does not read the tsconfig paths alias: add moduleNameMapper { '^@/(.*)$': '<rootDir>/src/$1' } to the Jest config"
  ),
  pair(
    "h5-jest-css-import",
    "npm",
    `Exit code 1
 FAIL  src/components/Card.test.jsx
  \u25CF Test suite failed to run

    Jest encountered an unexpected token

    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such syntax.

    Details:

    /home/pia/ui/src/components/Card.module.css:1
    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){.card {
                                                                                      ^

    SyntaxError: Unexpected token '.'

      1 | import React from 'react';
    > 2 | import styles from './Card.module.css';
        | ^`,
    `Exit code 1
 FAIL  app/widgets/__tests__/Chart.test.tsx
  \u25CF Test suite failed to run

    Jest encountered an unexpected token

    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such syntax.

    Out of the box Jest supports Babel, which will be used to transform your files into valid JS based on your Babel configuration.

    Here's what you can do:
     \u2022 If you need a custom transformation specify a "transform" option in your config.
     \u2022 If you simply want to mock your non-JS modules (e.g. binary assets) you can stub them out with the "moduleNameMapper" config option.

    Details:

    /Users/obi/dash/app/widgets/chart.scss:1
    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){@import '../theme/vars';
                                                                                      ^

    SyntaxError: Invalid or unexpected token

      3 | import { Line } from 'react-chartjs-2';
    > 4 | import './chart.scss';
        | ^

Test Suites: 1 failed, 6 passed, 7 total`,
    "Jest cannot load stylesheets: map them in moduleNameMapper ('\\\\.(css|scss|sass|less)$': 'identity-obj-proxy') in the Jest config"
  ),
  pair(
    "h5-eslint-tsconfig-path",
    "npm",
    "Exit code 1\n\n/home/leo/monorepo/packages/api/src/index.ts\n  0:0  error  Parsing error: Cannot read file '/home/leo/monorepo/tsconfig.json'\n\n/home/leo/monorepo/packages/api/src/db.ts\n  0:0  error  Parsing error: Cannot read file '/home/leo/monorepo/tsconfig.json'\n\n\u2716 2 problems (2 errors, 0 warnings)",
    "Exit code 1\n\n/Users/ana/work/platform/apps/web/src/main.tsx\n  0:0  error  Parsing error: Cannot read file '/users/ana/work/platform/tsconfig.json'\n\n\u2716 1 problem (1 error, 0 warnings)",
    "parserOptions.project is resolved from the cwd: set parserOptions.tsconfigRootDir to the config's folder (__dirname / import.meta.dirname) or point project at the package's tsconfig"
  ),
  pair(
    "h5-eslint-plugin-not-found",
    "npm",
    `Exit code 2

Oops! Something went wrong! :(

ESLint: 8.57.0

ESLint couldn't find the plugin "eslint-plugin-react-hooks".

(The package "eslint-plugin-react-hooks" was not found when loaded as a Node module from the directory "/home/sun/webapp".)

It's likely that the plugin isn't installed correctly. Try reinstalling by running the following:

    npm install eslint-plugin-react-hooks@latest --save-dev

The plugin "eslint-plugin-react-hooks" was referenced from the config file in ".eslintrc.json".`,
    `Exit code 2

Oops! Something went wrong! :(

ESLint: 8.45.0

ESLint couldn't find the plugin "eslint-plugin-import".

(The package "eslint-plugin-import" was not found when loaded as a Node module from the directory "/builds/shop/frontend".)

It's likely that the plugin isn't installed correctly. Try reinstalling by running the following:

    npm install eslint-plugin-import@latest --save-dev

The plugin "eslint-plugin-import" was referenced from the config file in ".eslintrc.cjs \xBB eslint-config-airbnb-base".

If you still can't figure out the problem, please stop by https://eslint.org/chat/help to chat with the team.`,
    "install the plugin the error names as a devDependency of the project that runs eslint (npm i -D eslint-plugin-<name>), next to eslint itself"
  ),
  pair(
    "h5-corepack-package-manager",
    "npm",
    'Exit code 1\nUsage Error: This project is configured to use pnpm because /home/ivy/repo/package.json has a "packageManager" field\n\n$ yarn install [--json] [--immutable] [--immutable-cache] [--refresh-lockfile] [--check-cache] [--check-resolutions] [--inline-builds] [--mode #0]',
    'Exit code 1\nUsageError: This project is configured to use yarn because /workspace/shop/package.json has a "packageManager" field\n    at Engine.findProjectSpec (/usr/local/lib/node_modules/corepack/dist/lib/corepack.cjs:22936:15)\n    at async Engine.executePackageManagerRequest (/usr/local/lib/node_modules/corepack/dist/lib/corepack.cjs:23000:21)',
    'use the package manager named in package.json "packageManager" (corepack enable, then run it), or change that field if the project really switched'
  ),
  // tsc
  pair(
    "h5-ts1479-cjs-imports-esm",
    "tsc",
    `Exit code 2
src/cli.ts(3,19): error TS1479: The current file is a CommonJS module whose imports will produce 'require' calls; however, the referenced file is an ECMAScript module and cannot be imported with 'require'. Consider writing a dynamic 'import("chalk")' call instead.
  To convert this file to an ECMAScript module, change its file extension to '.mts', or add the field \`"type": "module"\` to '/home/raj/tools/cli/package.json'.`,
    `Exit code 2
src/lib/fetcher.ts:1:23 - error TS1479: The current file is a CommonJS module whose imports will produce 'require' calls; however, the referenced file is an ECMAScript module and cannot be imported with 'require'. Consider writing a dynamic 'import("got")' call instead.
  To convert this file to an ECMAScript module, change its file extension to '.mts', or add the field \`"type": "module"\` to '/srv/bots/scraper/package.json'.

1 import { got } from 'got';
                        ~~~~~

Found 1 error in src/lib/fetcher.ts:1`,
    'the package is ESM-only and the project compiles to CommonJS: add "type": "module" to package.json (module nodenext), or load it with a dynamic await import()'
  ),
  pair(
    "h5-ts5097-ts-extension",
    "tsc",
    "Exit code 2\nsrc/index.ts(2,24): error TS5097: An import path can only end with a '.ts' extension when 'allowImportingTsExtensions' is enabled.",
    "Exit code 2\nsrc/routes/users.ts:4:29 - error TS5097: An import path can only end with a '.ts' extension when 'allowImportingTsExtensions' is enabled.\n\n4 import { requireAuth } from '../middleware/auth.ts';\n                              ~~~~~~~~~~~~~~~~~~~~~~~~\n\nsrc/routes/orders.ts:3:29 - error TS5097: An import path can only end with a '.ts' extension when 'allowImportingTsExtensions' is enabled.\n\n3 import { requireAuth } from '../middleware/auth.ts';\n                              ~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 2 errors in 2 files.",
    "write the emitted extension ('./x.js') in imports, or enable allowImportingTsExtensions together with noEmit (bundler/tsx setups) / rewriteRelativeImportExtensions (TS 5.7+)"
  ),
  pair(
    "h5-ts2742-inferred-type-not-portable",
    "tsc",
    "Exit code 2\nsrc/router.ts(5,14): error TS2742: The inferred type of 'appRouter' cannot be named without a reference to '.pnpm/@trpc+server@10.45.2/node_modules/@trpc/server'. This is likely not portable. A type annotation is necessary.",
    "Exit code 2\npackages/ui/src/theme.ts:8:14 - error TS2742: The inferred type of 'theme' cannot be named without a reference to '../../../node_modules/@mui/system/createTheme'. This is likely not portable. A type annotation is necessary.\n\n8 export const theme = createTheme({\n               ~~~~~\n\nFound 1 error in packages/ui/src/theme.ts:8",
    "declaration emit cannot name the inferred type: give the export an explicit type annotation (import the type from the package's public entry), or add that package as a direct dependency"
  ),
  pair(
    "h5-ts1484-verbatim-type-import",
    "tsc",
    "Exit code 2\nsrc/services/user.ts(1,10): error TS1484: 'User' is a type and must be imported using a type-only import when 'verbatimModuleSyntax' is enabled.",
    "Exit code 2\nsrc/App.tsx:3:10 - error TS1484: 'FC' is a type and must be imported using a type-only import when 'verbatimModuleSyntax' is enabled.\n\n3 import { FC, useState } from 'react';\n           ~~\n\nsrc/App.tsx:4:15 - error TS1484: 'Todo' is a type and must be imported using a type-only import when 'verbatimModuleSyntax' is enabled.\n\n4 import { api, Todo } from './api';\n                ~~~~\n\nFound 2 errors in the same file, starting at: src/App.tsx:3",
    "import types with import type (or inline: import { type Todo, api }), as verbatimModuleSyntax requires"
  ),
  pair(
    "h5-ts2550-lib-too-old",
    "tsc",
    "Exit code 2\nsrc/utils/format.ts(9,17): error TS2550: Property 'replaceAll' does not exist on type 'string'. Do you need to change your target library? Try changing the 'lib' compiler option to 'es2021' or later.",
    "Exit code 2\nsrc/report/summary.ts:22:30 - error TS2550: Property 'at' does not exist on type 'number[]'. Do you need to change your target library? Try changing the 'lib' compiler option to 'es2022' or later.\n\n22   const last = samples.at(-1);\n                          ~~\n\nsrc/report/group.ts:5:18 - error TS2550: Property 'groupBy' does not exist on type 'ObjectConstructor'. Do you need to change your target library? Try changing the 'lib' compiler option to 'esnext' or later.\n\nFound 2 errors in 2 files.",
    "raise compilerOptions.lib (or target) in tsconfig to the ES version the error names (es2021/es2022/esnext), if the runtime supports it"
  ),
  pair(
    "h5-ts2353-excess-property",
    "tsc",
    "Exit code 2\nsrc/api/client.ts(14,5): error TS2353: Object literal may only specify known properties, and 'timout' does not exist in type 'RequestOptions'.",
    "Exit code 2\nsrc/pages/settings.tsx:41:7 - error TS2353: Object literal may only specify known properties, and 'colour' does not exist in type 'ThemeOptions'.\n\n41       colour: 'dark',\n         ~~~~~~\n\nFound 1 error in src/pages/settings.tsx:41",
    "the object literal has a property the target type does not declare: use the property name the type has (check the spelling) or add it to the type"
  ),
  pair(
    "h5-ts6059-rootdir",
    "tsc",
    "Exit code 2\nerror TS6059: File '/home/max/api/scripts/seed.ts' is not under 'rootDir' '/home/max/api/src'. 'rootDir' is expected to contain all source files.\n  The file is in the program because:\n    Matched by include pattern '**/*' in '/home/max/api/tsconfig.json'",
    `Exit code 2
tsconfig.json:3:5 - error TS6059: File '/workspace/billing/test/helpers/fixtures.ts' is not under 'rootDir' '/workspace/billing/src'. 'rootDir' is expected to contain all source files.
  The file is in the program because:
    Imported via '../../test/helpers/fixtures' from file '/workspace/billing/src/invoice.spec.ts'
    Matched by include pattern 'src/**/*' in '/workspace/billing/tsconfig.json'

3     "rootDir": "src",
      ~~~~~~~~~

Found 1 error in tsconfig.json:3`,
    "a compiled file lies outside rootDir: keep only src in include (put scripts/tests in a separate tsconfig that extends it), or move rootDir up to the common folder"
  ),
  pair(
    "h5-ts7053-index-any",
    "tsc",
    "Exit code 2\nsrc/i18n.ts(12,10): error TS7053: Element implicitly has an 'any' type because expression of type 'string' can't be used to index type '{ en: string; de: string; }'.\n  No index signature with a parameter of type 'string' was found on type '{ en: string; de: string; }'.",
    "Exit code 2\nsrc/components/Icon.tsx:18:16 - error TS7053: Element implicitly has an 'any' type because expression of type 'string' can't be used to index type '{ home: string; search: string; user: string; }'.\n  No index signature with a parameter of type 'string' was found on type '{ home: string; search: string; user: string; }'.\n\n18   const path = ICONS[name];\n                  ~~~~~~~~~~~\n\nFound 1 error in src/components/Icon.tsx:18",
    "type the key as keyof typeof the object (name: keyof typeof ICONS), or declare the object as Record<string, string>"
  ),
  // webpack
  pair(
    "h5-postcss-plugin-missing",
    "webpack",
    "Exit code 1\nfailed to load config from /home/tom/site/vite.config.ts\nerror when starting dev server:\nError: Failed to load PostCSS config (searchPath: /home/tom/site): [Error] Loading PostCSS Plugin failed: Cannot find module 'autoprefixer'\nRequire stack:\n- /home/tom/site/postcss.config.js\n\n(@/home/tom/site/postcss.config.js)",
    "Exit code 1\n[vite] Internal server error: Failed to load PostCSS config (searchPath: /Users/amy/dev/landing): [Error] Loading PostCSS Plugin failed: Cannot find module 'postcss-nesting'\nRequire stack:\n- /Users/amy/dev/landing/postcss.config.cjs\n\n(@/Users/amy/dev/landing/postcss.config.cjs)\n    at load (file:///Users/amy/dev/landing/node_modules/vite/dist/node/chunks/dep-C6uTJdX2.js:11772:11)\n    at async Promise.all (index 0)",
    "a plugin listed in postcss.config is not installed: npm i -D <the plugin named> (or remove it from the PostCSS config)"
  ),
  pair(
    "h5-webpack-assets-same-filename",
    "webpack",
    "Exit code 1\nERROR in Conflict: Multiple assets emit different content to the same filename index.html\n\nwebpack 5.89.0 compiled with 1 error in 2841 ms",
    "Exit code 1\nassets by status 1.31 MiB [cached] 14 assets\nERROR in Conflict: Multiple assets emit different content to the same filename favicon.ico\n\nwebpack 5.94.0 compiled with 1 error in 6120 ms\nnpm ERR! Lifecycle script `build` failed with error:\nnpm ERR! Error: command failed",
    "two plugins emit the same file (usually CopyWebpackPlugin copying public/ plus HtmlWebpackPlugin): exclude that file from the copy patterns (globOptions.ignore) or keep only one source for it"
  ),
  pair(
    "h5-webpack-process-not-defined",
    "webpack",
    "Uncaught ReferenceError: process is not defined\n    at ./src/config.js (config.js:3:18)\n    at __webpack_require__ (bootstrap:19:1)\n    at ./src/index.js (index.js:2:64)",
    "main.8e1f2c.js:2 Uncaught ReferenceError: process is not defined\n    at Module.<anonymous> (api.ts:7:20)\n    at __webpack_require__ (bootstrap:24:1)\n    at startup:4:1",
    "webpack 5 no longer shims process in the browser: inject the values with DefinePlugin ('process.env.API_URL': JSON.stringify(...)) or ProvidePlugin process/browser"
  ),
  pair(
    "h5-vite-entry-index-html",
    "webpack",
    "Exit code 1\nvite v4.5.3 building for production...\n\u2713 0 modules transformed.\nerror during build:\nError: Could not resolve entry module (index.html).\n    at error (file:///home/eda/app/node_modules/rollup/dist/es/shared/node-entry.js:2245:30)",
    'Exit code 1\nvite v5.4.11 building for production...\n\u2713 0 modules transformed.\nx Build failed in 12ms\nerror during build:\nCould not resolve entry module "index.html".\n    at getRollupError (file:///srv/frontend/node_modules/rollup/dist/es/shared/parseAst.js:396:41)\n    at error (file:///srv/frontend/node_modules/rollup/dist/es/shared/parseAst.js:392:42)',
    "vite looks for index.html in its root: run it from the folder that holds index.html, or set root (or build.rollupOptions.input) in vite.config"
  ),
  pair(
    "h5-next-image-host",
    "webpack",
    'Error: Invalid src prop (https://cdn.shopify.com/s/files/1/hero.jpg) on `next/image`, hostname "cdn.shopify.com" is not configured under images in your `next.config.js`\nSee more info: https://nextjs.org/docs/messages/next-image-unconfigured-host\n    at defaultLoader (webpack-internal:///./node_modules/next/dist/shared/lib/image-loader.js:40:27)',
    ' \u2A2F Error: Invalid src prop (https://images.unsplash.com/photo-1521?w=800) on `next/image`, hostname "images.unsplash.com" is not configured under images in your `next.config.js`\nSee more info: https://nextjs.org/docs/messages/next-image-unconfigured-host\n    at defaultLoader (/home/zoe/blog/.next/server/chunks/ssr/node_modules_next_dist_4f2a1b._.js:1:2280)\n    at /home/zoe/blog/.next/server/chunks/ssr/node_modules_next_dist_4f2a1b._.js:1:6188\ndigest: "2871309485"',
    "add the image host to images.remotePatterns (protocol + hostname) in next.config.js and restart next"
  ),
  pair(
    "h5-next-use-client",
    "webpack",
    `Exit code 1
Failed to compile.

./src/app/components/Counter.tsx
Error:
  \xD7 You're importing a component that needs useState. It only works in a Client Component but none of its parents are marked with "use client", so they're Server Components by default.
  \u2502 Learn more: https://nextjs.org/docs/getting-started/react-essentials`,
    "Exit code 1\n   Creating an optimized production build ...\nFailed to compile.\n\n./app/dashboard/filters.tsx\nError:   x You're importing a component that needs `useEffect`. This React hook only works in a client component. To fix, mark the file (or its parent) with the `\"use client\"` directive.\n  |\n  |  Learn more: https://nextjs.org/docs/app/api-reference/directives/use-client\n  |\n   ,-[/home/jo/shop/app/dashboard/filters.tsx:1:1]\n 1 | import { useEffect, useState } from 'react';\n   :          ^^^^^^^^^",
    'the file uses React hooks but is a Server Component: put "use client" as the first line of that component file'
  ),
  pair(
    "h5-vite-outdated-optimize-dep",
    "webpack",
    "GET http://localhost:5173/node_modules/.vite/deps/react-dom_client.js?v=3f1a9c2e net::ERR_ABORTED 504 (Outdated Optimize Dep)",
    '[vite] error while updating dependencies:\nError: The file does not exist at "/home/tom/site/node_modules/.vite/deps/chunk-4HZ3KQ2M.js?v=8a1e07d1" which is in the optimize deps directory. The dependency might be incompatible with the dep optimizer. Try adding it to `optimizeDeps.exclude`.\nGET http://localhost:5173/node_modules/.vite/deps/@tanstack_react-query.js?v=8a1e07d1 net::ERR_ABORTED 504 (Outdated Optimize Dep)',
    "Vite's pre-bundled deps are stale (deps changed while it ran): stop the dev server, delete node_modules/.vite (or start with vite --force), restart and hard-reload the page"
  ),
  // python
  pair(
    "h5-py-pep604-union-old-python",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/ines/etl/run.py", line 3, in <module>
    from etl.models import Record
  File "/home/ines/etl/etl/models.py", line 9, in <module>
    def parse(raw: str | None) -> dict:
TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'`,
    `Exit code 1
Traceback (most recent call last):
  File "/usr/lib/python3.8/runpy.py", line 194, in _run_module_as_main
    return _run_code(code, main_globals, None,
  File "/opt/svc/app/__main__.py", line 2, in <module>
    from app.config import load
  File "/opt/svc/app/config.py", line 14, in <module>
    class Settings:
  File "/opt/svc/app/config.py", line 17, in Settings
    timeout: int | float = 30
TypeError: unsupported operand type(s) for |: 'type' and 'type'`,
    "X | Y annotations need Python 3.10+: run with a newer Python, or add from __future__ import annotations (or use Optional/Union from typing)"
  ),
  pair(
    "h5-torch-cuda-oom",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/wen/train.py", line 88, in <module>\n    loss = model(batch).loss\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 22.51 GiB memory in use. Of the allocated memory 21.87 GiB is allocated by PyTorch, and 402.11 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
    'Exit code 1\nEpoch 1:  12%|\u2588\u258F        | 146/1200 [01:02<07:31,  2.33it/s]\nTraceback (most recent call last):\n  File "/workspace/finetune/main.py", line 203, in train_step\n    outputs = self.model(**inputs)\n  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1518, in _call_impl\n    return forward_call(*args, **kwargs)\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 15.77 GiB total capacity; 14.61 GiB already allocated; 186.38 MiB free; 14.92 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.',
    "the GPU runs out of memory: lower the batch size (or sequence length), use gradient accumulation / mixed precision, and free tensors kept across steps"
  ),
  pair(
    "h5-torch-not-cuda-build",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/wen/bench.py", line 6, in <module>\n    x = torch.randn(1024, 1024).cuda()\n  File "/home/wen/.venv/lib/python3.11/site-packages/torch/cuda/__init__.py", line 284, in _lazy_init\n    raise AssertionError("Torch not compiled with CUDA enabled")\nAssertionError: Torch not compiled with CUDA enabled',
    'Exit code 1\nTraceback (most recent call last):\n  File "C:\\Users\\marco\\projects\\detect\\infer.py", line 21, in <module>\n    model.to("cuda")\n  File "C:\\Users\\marco\\projects\\detect\\venv\\Lib\\site-packages\\torch\\nn\\modules\\module.py", line 1152, in to\n    return self._apply(convert)\n  File "C:\\Users\\marco\\projects\\detect\\venv\\Lib\\site-packages\\torch\\cuda\\__init__.py", line 293, in _lazy_init\n    raise AssertionError("Torch not compiled with CUDA enabled")\nAssertionError: Torch not compiled with CUDA enabled',
    "the installed torch is the CPU-only build: reinstall torch from the CUDA wheel index (pip install torch --index-url https://download.pytorch.org/whl/cu121) matching the driver"
  ),
  pair(
    "h5-py-sqlite-thread",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/ines/bot/handlers.py", line 41, in on_message\n    cur = DB.execute("SELECT * FROM users WHERE chat_id = ?", (chat_id,))\nsqlite3.ProgrammingError: SQLite objects created in a thread can only be used in that same thread. The object was created in thread id 140264821376832 and this is thread id 140264654534208.',
    'Exit code 1\nERROR:    Exception in ASGI application\nTraceback (most recent call last):\n  File "/srv/notes/.venv/lib/python3.12/site-packages/starlette/routing.py", line 74, in app\n    response = await f(request)\n  File "/srv/notes/app/routes.py", line 19, in list_notes\n    rows = conn.execute("select id, title from notes").fetchall()\nsqlite3.ProgrammingError: SQLite objects created in a thread can only be used in that same thread. The object was created in thread id 8703812736 and this is thread id 6190592000.',
    "open a connection per thread/request instead of sharing one module-level connection (or connect with check_same_thread=False and serialise access yourself)"
  ),
  pair(
    "h5-django-conflicting-migrations",
    "python",
    "Exit code 1\nCommandError: Conflicting migrations detected; multiple leaf nodes in the migration graph: (0007_order_note, 0007_order_discount in orders).\nTo fix them run 'python manage.py makemigrations --merge'",
    `Exit code 1
Operations to perform:
  Apply all migrations: admin, auth, billing, contenttypes, sessions
Traceback (most recent call last):
  File "/app/manage.py", line 22, in <module>
    main()
django.core.management.base.CommandError: Conflicting migrations detected; multiple leaf nodes in the migration graph: (0012_invoice_due_date, 0012_auto_20261104_0931 in billing).
To fix them run 'python manage.py makemigrations --merge'`,
    "two branches each added a migration: python manage.py makemigrations --merge (check the merge migration), then migrate"
  ),
  pair(
    "h5-django-allowed-hosts",
    "python",
    `Invalid HTTP_HOST header: 'shop.example.com'. You may need to add 'shop.example.com' to ALLOWED_HOSTS.
Bad Request: /
[14/Mar/2026 10:12:44] "GET / HTTP/1.1" 400 143`,
    `ERROR 2026-11-20 07:31:02,118 exception Invalid HTTP_HOST header: '10.0.3.17:8000'. You may need to add '10.0.3.17' to ALLOWED_HOSTS.
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/site-packages/django/core/handlers/exception.py", line 55, in inner
    response = get_response(request)
django.core.exceptions.DisallowedHost: Invalid HTTP_HOST header: '10.0.3.17:8000'. You may need to add '10.0.3.17' to ALLOWED_HOSTS.
WARNING 2026-11-20 07:31:02,121 log Bad Request: /healthz`,
    "add the host the request uses to ALLOWED_HOSTS in settings (e.g. from an env var), including the IP that health checks call"
  ),
  pair(
    "h5-flask-app-context",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/kai/blog/scripts/init_db.py", line 4, in <module>\n    db.create_all()\n  File "/home/kai/blog/.venv/lib/python3.11/site-packages/flask_sqlalchemy/extension.py", line 900, in create_all\n    self._call_for_binds(bind_key, "create_all")\nRuntimeError: Working outside of application context.\n\nThis typically means that you attempted to use functionality that needed\nthe current application. To solve this, set up an application context\nwith app.app_context(). See the documentation for more information.',
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/api/worker.py", line 31, in send_digest\n    current_app.logger.info("sending %d digests", len(users))\n  File "/srv/api/.venv/lib/python3.12/site-packages/werkzeug/local.py", line 311, in __get__\n    obj = instance._get_current_object()\n  File "/srv/api/.venv/lib/python3.12/site-packages/werkzeug/local.py", line 508, in _get_current_object\n    raise RuntimeError(unbound_message) from None\nRuntimeError: Working outside of application context.\n\nThis typically means that you attempted to use functionality that needed\nthe current application. To solve this, set up an application context\nwith app.app_context(). See the documentation for more information.',
    "run the code inside with app.app_context(): (create the app with the factory first) when it runs outside a request, e.g. in scripts, workers or threads"
  ),
  pair(
    "h5-pydantic-basesettings-moved",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/kai/api/app/config.py", line 1, in <module>\n    from pydantic import BaseSettings\n  File "/home/kai/api/.venv/lib/python3.11/site-packages/pydantic/__init__.py", line 374, in __getattr__\n    return _getattr_migration(attr_name)\npydantic.errors.PydanticImportError: `BaseSettings` has been moved to the `pydantic-settings` package. See https://docs.pydantic.dev/2.5/migration/#basesettings-has-moved-to-pydantic-settings for more details.\n\nFor further information visit https://errors.pydantic.dev/2.5/u/import-error',
    'Exit code 1\nTraceback (most recent call last):\n  File "/app/main.py", line 7, in <module>\n    from core.settings import settings\n  File "/app/core/settings.py", line 3, in <module>\n    from pydantic import BaseSettings, Field\n  File "/usr/local/lib/python3.12/site-packages/pydantic/_migration.py", line 296, in wrapper\n    raise PydanticImportError(\npydantic.errors.PydanticImportError: `BaseSettings` has been moved to the `pydantic-settings` package. See https://docs.pydantic.dev/2.9/migration/#basesettings-has-moved-to-pydantic-settings for more details.\n\nFor further information visit https://errors.pydantic.dev/2.9/u/import-error',
    "pip install pydantic-settings and import it from there: from pydantic_settings import BaseSettings (or pin pydantic<2)"
  ),
  pair(
    "h5-py-lzma-incomplete",
    "python",
    `Exit code 1
/home/ana/.pyenv/versions/3.11.6/lib/python3.11/site-packages/pandas/compat/__init__.py:166: UserWarning: Could not import the lzma module. Your installed Python is incomplete. Attempting to use lzma compression will result in a RuntimeError.
  warnings.warn(msg)
Traceback (most recent call last):
  File "/home/ana/.pyenv/versions/3.11.6/lib/python3.11/lzma.py", line 27, in <module>
    from _lzma import *
ModuleNotFoundError: No module named '_lzma'`,
    `Exit code 1
Traceback (most recent call last):
  File "/home/deploy/jobs/archive.py", line 2, in <module>
    import tarfile, lzma
  File "/home/deploy/.pyenv/versions/3.12.2/lib/python3.12/lzma.py", line 27, in <module>
    from _lzma import *
ModuleNotFoundError: No module named '_lzma'`,
    "this pyenv Python was built without liblzma: install liblzma-dev (xz-devel / brew install xz), then pyenv install --force <version> to rebuild it"
  ),
  pair(
    "h5-pip-msvc-build-tools",
    "python",
    `Exit code 1
  error: subprocess-exited-with-error

  \xD7 Building wheel for ciso8601 (pyproject.toml) did not run successfully.
  \u2502 exit code: 1
  \u2570\u2500> [9 lines of output]
      running build_ext
      building 'ciso8601' extension
      error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/
      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
  ERROR: Failed building wheel for ciso8601
ERROR: Could not build wheels for ciso8601, which is required to install pyproject.toml-based projects`,
    `Exit code 1
Collecting python-Levenshtein==0.12.2
  Downloading python-Levenshtein-0.12.2.tar.gz (50 kB)
Building wheels for collected packages: python-Levenshtein
  Building wheel for python-Levenshtein (setup.py) ... error
  error: subprocess-exited-with-error

  \xD7 python setup.py bdist_wheel did not run successfully.
  \u2502 exit code: 1
  \u2570\u2500> [14 lines of output]
      running build_ext
      building 'Levenshtein._levenshtein' extension
      error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/
      [end of output]
ERROR: Failed building wheel for python-Levenshtein`,
    "no prebuilt wheel for this Python on Windows: install a version that ships a wheel for your Python (or an older Python), or install Microsoft C++ Build Tools (Desktop development with C++)"
  ),
  pair(
    "h5-pip-hash-mismatch",
    "python",
    "Exit code 1\nCollecting urllib3==2.2.1 (from -r requirements.txt (line 31))\nERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package versions, please update the hashes. Otherwise, examine the package contents carefully; someone may have tampered with them.\n    urllib3==2.2.1 from https://files.pythonhosted.org/packages/a2/73/urllib3-2.2.1-py3-none-any.whl (from -r requirements.txt (line 31)):\n        Expected sha256 4d2b5f3f0a1e1cc5c6b5c8d0f6b7ab1b3c2e31c9f2ab4d5e6f7a8b9c0d1e2f3a\n             Got        a7e1c8b9d0f2e3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8",
    "Exit code 1\nERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package versions, please update the hashes. Otherwise, examine the package contents carefully; someone may have tampered with them.\n    certifi==2024.8.30 from https://files.pythonhosted.org/packages/12/90/certifi-2024.8.30-py3-none-any.whl (from -r requirements/prod.txt (line 9)):\n        Expected sha256 922820b53db7a7257ffbda3f597266d435245903d80737e34f8a45ff3e3230d8\n             Got        bec941d2aa8195e248a60b31ff9f0558284cf01a52591ceda73ea9afffd69fd9",
    "the pinned hashes no longer match the pins: regenerate the locked requirements with hashes (pip-compile --generate-hashes / uv pip compile --generate-hashes) and commit them"
  ),
  pair(
    "h5-pip-distutils-uninstall",
    "python",
    "Exit code 1\nAttempting uninstall: PyYAML\n    Found existing installation: PyYAML 5.3.1\nERROR: Cannot uninstall 'PyYAML'. It is a distutils installed project and thus we cannot accurately determine which files belong to it which would lead to only a partial uninstall.",
    "Exit code 1\nInstalling collected packages: blinker, flask\n  Attempting uninstall: blinker\n    Found existing installation: blinker 1.4\nerror: uninstall-distutils-installed-package\n\n\xD7 Cannot uninstall blinker 1.4\n\u2570\u2500> It is a distutils installed project and thus we cannot accurately determine which files belong to it which would lead to only a partial uninstall.",
    "the old copy came from the OS package manager: install into a virtualenv instead (or pip install --ignore-installed <pkg>), never remove the distro's package with pip"
  ),
  pair(
    "h5-poetry-lock-stale",
    "python",
    "Exit code 1\nInstalling dependencies from lock file\n\npyproject.toml changed significantly since poetry.lock was last generated. Run `poetry lock [--no-update]` to fix the lock file.",
    "Exit code 1\nCreating virtualenv api-Xf3kL2q1-py3.12 in /root/.cache/pypoetry/virtualenvs\nInstalling dependencies from lock file\n\npyproject.toml changed significantly since poetry.lock was last generated. Run `poetry lock` to fix the lock file.",
    "regenerate the lock file (poetry lock, --no-update on Poetry 1.x) after editing pyproject.toml and commit poetry.lock"
  ),
  // pytest
  pair(
    "h5-pytest-reruns-plugin",
    "pytest",
    "Exit code 4\nERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\npytest: error: unrecognized arguments: --reruns 2\n  inifile: /home/kai/api/pytest.ini\n  rootdir: /home/kai/api",
    "Exit code 4\nERROR: usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: unrecognized arguments: --reruns=3 --reruns-delay=1\n  inifile: /builds/team/backend/pyproject.toml\n  rootdir: /builds/team/backend",
    "--reruns comes from pytest-rerunfailures: pip install pytest-rerunfailures in the environment that runs pytest (or drop the option)"
  ),
  pair(
    "h5-pytest-cov-fail-under",
    "pytest",
    "Exit code 1\n---------- coverage: platform linux, python 3.11.6-final-0 -----------\nName                 Stmts   Miss  Cover\n----------------------------------------\napp/__init__.py          4      0   100%\napp/billing.py         212     61    71%\n----------------------------------------\nTOTAL                  840    183    78%\n\nFAIL Required test coverage of 85% not reached. Total coverage: 78.21%\n======================== 142 passed in 12.33s =========================",
    "Exit code 1\n============================= test session starts ==============================\ncollected 57 items\n\ntests/test_parser.py ..........................                         [ 45%]\ntests/test_render.py ...............................                    [100%]\n\n---------- coverage: platform darwin, python 3.12.4-final-0 ----------\nTOTAL                             1290    391    70%\n\nFAIL Required test coverage of 80% not reached. Total coverage: 69.69%\n============================== 57 passed in 4.02s ==============================",
    "all tests pass but coverage is under --cov-fail-under: add tests for the uncovered code (see the Miss column / --cov-report=term-missing), or lower fail_under deliberately"
  ),
  pair(
    "h5-pytest-snapshot-update",
    "pytest",
    "Exit code 1\nFAILED tests/test_export.py::test_csv_header - AssertionError: assert [+ received] == [- snapshot]\n--------------------------- snapshot report summary ---------------------------\n1 snapshot failed. 14 snapshots passed.",
    "Exit code 1\nE       AssertionError: assert [+ received] == [- snapshot]\nE           {\nE         -   'total': 41.5,\nE         +   'total': 42.0,\nE           }\n\ntests/api/test_invoice.py:33: AssertionError\n--------------------------- snapshot report summary ----------------------------\n3 snapshots failed. 88 snapshots passed.\n=========================== short test summary info ============================\nFAILED tests/api/test_invoice.py::test_invoice_json - AssertionError: assert [+ received] == [- snapshot]",
    "the output changed from the stored syrupy snapshot: if the change is intended, run pytest --snapshot-update and commit the new snapshots (otherwise fix the code)"
  ),
  pair(
    "h5-pytest-node-id-not-found",
    "pytest",
    "Exit code 4\nERROR: not found: /home/kai/api/tests/test_auth.py::test_login_rejects_expired\n(no match in any of [<Module test_auth.py>])\n\n============================ no tests ran in 0.21s =============================",
    "Exit code 4\n============================= test session starts ==============================\nrootdir: /srv/app\nconfigfile: pyproject.toml\ncollected 0 items\n\n============================ no tests ran in 0.09s =============================\nERROR: not found: /srv/app/tests/unit/test_cart.py::TestCart::test_total_with_vat[2]\n(no match in any of [<Class TestCart>])",
    "the test name/parametrize id does not exist in that file: list the real node ids with pytest --collect-only -q and use one of them (quote ids with brackets)"
  ),
  pair(
    "h5-pytest-mock-attribute-missing",
    "pytest",
    `Exit code 1
    def test_sends_email(mocker):
>       mocker.patch("app.notify.send_mail")
...
E       AttributeError: <module 'app.notify' from '/home/kai/api/app/notify.py'> does not have the attribute 'send_mail'

/usr/lib/python3.11/unittest/mock.py:1375: AttributeError`,
    `Exit code 1
_______________________ test_refund_calls_gateway _______________________

    @patch("payments.service.stripe_client")
    def test_refund_calls_gateway(mock_client):
/usr/local/lib/python3.12/unittest/mock.py:1390: in __enter__
    original, local = self.get_original()
E   AttributeError: <module 'payments.service' from '/app/payments/service.py'> does not have the attribute 'stripe_client'
FAILED tests/test_refund.py::test_refund_calls_gateway - AttributeError: <module 'payments.service' from '/app/payments/service.py'> does not have the attribute 'stripe_client'`,
    "patch() target must be a name that exists in that module: use the module that actually defines/imports it and the exact attribute name (or create=True deliberately)"
  ),
  pair(
    "h5-pytest-mock-not-called-patch-where-used",
    "pytest",
    `Exit code 1
    def test_signup_sends_welcome(mocker):
        send = mocker.patch("app.mail.send_welcome")
        signup("ana@example.com")
>       send.assert_called_once()
E       AssertionError: Expected 'send_welcome' to have been called once. Called 0 times.

tests/test_signup.py:14: AssertionError`,
    `Exit code 1
FAILED tests/test_orders.py::test_checkout_notifies - AssertionError: Expected 'publish_event' to be called once. Called 0 times.
    @patch("events.bus.publish_event")
    def test_checkout_notifies(mock_publish):
        checkout(cart_id=7)
>       mock_publish.assert_called_once()
E       AssertionError: Expected 'publish_event' to be called once. Called 0 times.`,
    'the code under test imported the function by name (from x import f), so patch it where it is looked up: patch("<module that calls it>.<name>"), not where it is defined'
  ),
  // go
  pair(
    "h5-go-inconsistent-vendoring",
    "go",
    "Exit code 1\ngo: inconsistent vendoring in /home/ravi/src/gateway:\n	github.com/redis/go-redis/v9@v9.5.1: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt\n	github.com/google/uuid@v1.6.0: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt\n\n	To ignore the vendor directory, use -mod=readonly or -mod=mod.\n	To sync the vendor directory, run:\n		go mod vendor",
    "Exit code 1\ngo: inconsistent vendoring in /builds/infra/exporter:\n	golang.org/x/sync@v0.8.0: is explicitly required in go.mod, but vendor/modules.txt indicates golang.org/x/sync@v0.7.0\n\n	To ignore the vendor directory, use -mod=readonly or -mod=mod.\n	To sync the vendor directory, run:\n		go mod vendor",
    "go.mod changed but vendor/ was not refreshed: run go mod vendor (after go mod tidy) and commit the vendor directory"
  ),
  pair(
    "h5-go-goroot-missing",
    "go",
    "Exit code 2\ngo: cannot find GOROOT directory: /usr/local/go1.20",
    "Exit code 2\ngo: cannot find GOROOT directory: /opt/homebrew/Cellar/go/1.21.5/libexec",
    "GOROOT points at a Go that was removed or upgraded: unset GOROOT (the go binary finds its own) or set it to the installed version (check go env -w / shell profile)"
  ),
  pair(
    "h5-go-vet-printf",
    "go",
    "Exit code 1\n# github.com/ravi/ledger/internal/report\ninternal/report/summary.go:41:2: fmt.Println call has possible Printf formatting directive %d\nFAIL	github.com/ravi/ledger/internal/report [build failed]",
    "Exit code 1\n# example.com/scheduler/cmd/worker\n# [example.com/scheduler/cmd/worker]\ncmd/worker/main.go:77:3: log.Println call has possible Printf formatting directive %s\nok  	example.com/scheduler/internal/queue	0.412s\nFAIL	example.com/scheduler/cmd/worker [build failed]",
    "go vet (run by go test) found a format verb in a non-f call: use the f variant (fmt.Printf / log.Printf) or drop the verb"
  ),
  pair(
    "h5-go-generic-instantiation",
    "go",
    "Exit code 1\n# example.com/algo/stack\n./stack_test.go:9:7: cannot use generic type Stack[T any] without instantiation",
    "Exit code 1\n# github.com/mia/cachekit\n./cache.go:31:14: cannot use generic type LRU[K comparable, V any] without instantiation\n./cache.go:44:9: cannot use generic type LRU[K comparable, V any] without instantiation",
    "name the type arguments where the generic type is used (Stack[int], LRU[string, []byte]); only function calls can infer them"
  ),
  pair(
    "h5-go-generic-ordered-constraint",
    "go",
    "Exit code 1\n# example.com/algo/sortx\n./max.go:6:8: invalid operation: a > b (type parameter T is not comparable with >)",
    "Exit code 1\n# github.com/mia/stats\n./stats.go:12:6: invalid operation: v < min (type parameter E constrained by any is not comparable with <)",
    "the type parameter allows types without ordering: constrain it with cmp.Ordered (Go 1.21+, or golang.org/x/exp/constraints.Ordered) instead of any/comparable"
  ),
  pair(
    "h5-go-install-not-main",
    "go",
    "Exit code 1\ngo: downloading github.com/golang-migrate/migrate/v4 v4.17.0\npackage github.com/golang-migrate/migrate/v4 is not a main package",
    "Exit code 1\ngo: github.com/sqlc-dev/sqlc@latest: package github.com/sqlc-dev/sqlc is not a main package",
    "go install needs the command's package, not the module root: install the cmd/<tool> subpackage (e.g. go install github.com/owner/repo/cmd/<tool>@latest, with build tags if the README says so)"
  ),
  pair(
    "h5-go-install-needs-version",
    "go",
    "Exit code 1\ngo: 'go install' requires a version when current directory is not in a module\n	Try 'go install github.com/air-verse/air@latest' to install the latest version",
    "Exit code 1\ngo: 'go install' requires a version when current directory is not in a module\n	Try 'go install golang.org/x/tools/gopls@latest' to install the latest version",
    "outside a module go install needs an explicit version: append @latest (or @vX.Y.Z) to the package path"
  ),
  pair(
    "h5-go-sql-unknown-driver",
    "go",
    'Exit code 1\n2026/05/02 10:14:03 sql: unknown driver "postgres" (forgotten import?)\nexit status 1',
    'Exit code 1\npanic: sql: unknown driver "sqlite3" (forgotten import?)\n\ngoroutine 1 [running]:\nmain.mustOpen({0x1024e1f2a, 0x7})\n	/Users/mia/notes/db.go:18 +0x9c\nmain.main()\n	/Users/mia/notes/main.go:11 +0x2c\nexit status 2',
    'no driver registered under that name: blank-import the driver package in main (import _ "github.com/lib/pq" / _ "github.com/mattn/go-sqlite3" / the pgx stdlib package)'
  ),
  pair(
    "h5-go-stack-overflow-string",
    "go",
    "Exit code 2\nruntime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]\nfatal error: stack overflow\n\nruntime stack:\nruntime.throw({0x4e1c2a?, 0x0?})\n	/usr/local/go/src/runtime/panic.go:1023 +0x5c\n\ngoroutine 1 [running]:\nmain.Money.String({0x4d2, {0x4e0b11, 0x3}})\n	/home/ravi/ledger/money.go:14 +0x7b fp=0xc0201603a8 sp=0xc020160398 pc=0x48a1bb\nfmt.(*pp).handleMethods(0xc000110000, 0x76)\n	/usr/local/go/src/fmt/print.go:673 +0x2f6\nexit status 2",
    "Exit code 2\nruntime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0x14020d80390 stack=[0x14020d80000, 0x14040d80000]\nfatal error: stack overflow\n\ngoroutine 1 gp=0x140000021c0 m=0 mp=0x1012a4f40 [running]:\ngithub.com/mia/shop/order.(*Status).String(0x140001a2008)\n	/Users/mia/shop/order/status.go:22 +0x5c fp=0x14020d803a0\nfmt.(*pp).handleMethods(0x14000130000, 0x76)\n	/opt/homebrew/Cellar/go/1.22.3/libexec/src/fmt/print.go:673 +0x204\nfmt.Sprintf({0x100f12a01, 0x4}, {0x14020d804e8, 0x1, 0x1})\nexit status 2",
    "the String() method formats its own receiver with %v/%s, which calls String() again: format the fields (or convert to a plain alias type first) inside String()"
  ),
  // cargo
  pair(
    "h5-rust-e0282-collect-annotation",
    "cargo",
    "Exit code 101\nerror[E0282]: type annotations needed\n --> src/main.rs:6:9\n  |\n6 |     let words = text.split_whitespace().collect();\n  |         ^^^^^\n  |\nhelp: consider giving `words` an explicit type\n  |\n6 |     let words: Vec<_> = text.split_whitespace().collect();\n  |              ++++++++",
    "Exit code 101\n   Compiling parser v0.1.0 (/Users/ola/parser)\nerror[E0283]: type annotations needed\n  --> src/tokens.rs:31:10\n   |\n31 |         .collect()\n   |          ^^^^^^^ cannot infer type of the type parameter `B` declared on the method `collect`\n   |\n   = note: cannot satisfy `_: FromIterator<Token>`\nhelp: consider specifying the generic argument\n   |\n31 |         .collect::<Vec<_>>()\n   |                 ++++++++++",
    "collect() cannot infer the collection: annotate the binding (let v: Vec<_> = ...) or turbofish it (.collect::<Vec<_>>())"
  ),
  pair(
    "h5-rust-e0004-non-exhaustive",
    "cargo",
    "Exit code 101\nerror[E0004]: non-exhaustive patterns: `Status::Archived` not covered\n  --> src/render.rs:14:11\n   |\n14 |     match status {\n   |           ^^^^^^ pattern `Status::Archived` not covered\n   |\nnote: `Status` defined here\nhelp: ensure that all possible cases are being handled by adding a match arm with a wildcard pattern or an explicit pattern as shown",
    "Exit code 101\nerror[E0004]: non-exhaustive patterns: `Some(Command::Reload { .. })` and `None` not covered\n   --> src/bin/ctl.rs:40:11\n    |\n40  |     match cmd {\n    |           ^^^ patterns `Some(Command::Reload { .. })` and `None` not covered\n    |\nhelp: ensure that all possible cases are being handled by adding a match arm with a wildcard pattern, a match arm with multiple or-patterns as shown, or multiple match arms",
    "add match arms for the variants the error lists (or a deliberate _ => arm)"
  ),
  pair(
    "h5-rust-e0046-missing-trait-items",
    "cargo",
    "Exit code 101\nerror[E0046]: not all trait items implemented, missing: `fmt`\n  --> src/money.rs:12:1\n   |\n12 | impl fmt::Display for Money {\n   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^ missing `fmt` in implementation\n   |\n   = help: implement the missing item: `fn fmt(&self, _: &mut Formatter<'_>) -> Result<(), std::fmt::Error> { todo!() }`",
    "Exit code 101\nerror[E0046]: not all trait items implemented, missing: `Error`, `from_str`\n --> src/color.rs:9:1\n  |\n9 | impl FromStr for Color {\n  | ^^^^^^^^^^^^^^^^^^^^^^ missing `Error`, `from_str` in implementation\n  |\n  = help: implement the missing item: `type Error = /* Type */;`\n  = help: implement the missing item: `fn from_str(_: &str) -> Result<Self, <Self as FromStr>::Err> { todo!() }`",
    "implement every item the trait requires that the error lists (methods and associated types) in that impl block"
  ),
  pair(
    "h5-rust-e0015-non-const-static",
    "cargo",
    'Exit code 101\nerror[E0015]: cannot call non-const fn `<String as From<&str>>::from` in statics\n --> src/config.rs:3:30\n  |\n3 | static DEFAULT_HOST: String = String::from("localhost");\n  |                               ^^^^^^^^^^^^^^^^^^^^^^^^^\n  |\n  = note: calls in statics are limited to constant functions, tuple structs and tuple variants\n  = note: consider wrapping this expression in `std::sync::LazyLock::new(|| ...)`',
    'Exit code 101\nerror[E0015]: cannot call non-const fn `Regex::new` in statics\n  --> src/validate.rs:5:32\n   |\n5  | static EMAIL_RE: Regex = Regex::new(r"^[^@]+@[^@]+$").unwrap();\n   |                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n   |\n   = note: calls in statics are limited to constant functions, tuple structs and tuple variants\n   = note: consider wrapping this expression in `Lazy::new(|| ...)` from the `once_cell` crate: https://crates.io/crates/once_cell',
    "statics need a const initialiser: wrap it in std::sync::LazyLock (Rust 1.80+) or once_cell::sync::Lazy (or use a &'static str const)"
  ),
  pair(
    "h5-cargo-run-which-bin",
    "cargo",
    "Exit code 101\nerror: `cargo run` could not determine which binary to run. Use the `--bin` option to specify a binary, or the `default-run` manifest key.\navailable binaries: api, migrate",
    "Exit code 101\nerror: `cargo run` could not determine which binary to run. Use the `--bin` option to specify a binary, or the `default-run` manifest key.\navailable binaries: seed, server, worker",
    "the package has several binaries: cargo run --bin <one of the available>, or set default-run in [package] of Cargo.toml"
  ),
  pair(
    "h5-cargo-not-in-workspace",
    "cargo",
    "Exit code 101\nerror: current package believes it's in a workspace when it's not:\ncurrent:   /home/li/monorepo/tools/xtask/Cargo.toml\nworkspace: /home/li/monorepo/Cargo.toml\n\nthis may be fixable by adding `tools/xtask` to the `workspace.members` array of the manifest located at: /home/li/monorepo/Cargo.toml\nAlternatively, to keep it out of the workspace, add the package to the `workspace.exclude` array, or add an empty `[workspace]` table to the package's manifest.",
    "Exit code 101\nerror: current package believes it's in a workspace when it's not:\ncurrent:   /Users/ola/engine/bench/Cargo.toml\nworkspace: /Users/ola/engine/Cargo.toml\n\nthis may be fixable by adding `bench` to the `workspace.members` array of the manifest located at: /Users/ola/engine/Cargo.toml\nAlternatively, to keep it out of the workspace, add the package to the `workspace.exclude` array, or add an empty `[workspace]` table to the package's manifest.",
    "add the crate to workspace.members of the root Cargo.toml, or to workspace.exclude (or give it an empty [workspace] table) to keep it standalone"
  ),
  pair(
    "h5-rust-e0554-nightly-feature",
    "cargo",
    "Exit code 101\nerror[E0554]: `#![feature]` may not be used on the stable release channel\n --> src/lib.rs:1:1\n  |\n1 | #![feature(let_chains)]\n  | ^^^^^^^^^^^^^^^^^^^^^^^\n\nFor more information about this error, try `rustc --explain E0554`.\nerror: could not compile `rules` (lib) due to 1 previous error",
    "Exit code 101\n   Compiling packed_simd v0.3.9\nerror[E0554]: `#![feature]` may not be used on the stable release channel\n --> /home/runner/.cargo/registry/src/index.crates.io-6f17d22bba15001f/packed_simd-0.3.9/src/lib.rs:206:1\n  |\n206 | #![feature(\n    | ^^^^^^^^^^^\n\nerror: could not compile `packed_simd` (lib) due to 1 previous error",
    "the code needs nightly: build with a nightly toolchain (rustup toolchain install nightly, rust-toolchain.toml or cargo +nightly), or drop the unstable feature/crate"
  ),
  pair(
    "h5-rust-subtract-overflow",
    "cargo",
    "Exit code 101\nthread 'main' panicked at src/pager.rs:19:24:\nattempt to subtract with overflow\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "Exit code 101\nrunning 12 tests\ntest window::tests::empty_input ... FAILED\n\nfailures:\n\n---- window::tests::empty_input stdout ----\nthread 'window::tests::empty_input' panicked at src/window.rs:41:18:\nattempt to subtract with overflow\n\nfailures:\n    window::tests::empty_input\n\ntest result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s",
    "an unsigned value goes below zero (often len() - 1 on an empty collection): guard the case or use checked_sub / saturating_sub"
  ),
  pair(
    "h5-cargo-links-conflict",
    "cargo",
    'Exit code 101\n    Updating crates.io index\nerror: failed to select a version for `openssl-sys`.\n    ... required by package `openssl v0.10.64`\n    ... which satisfies dependency `openssl = "^0.10"` of package `mailer v0.2.0 (/home/li/mailer)`\nversions that meet the requirements `^0.9.102` are: 0.9.102\n\nthe package `openssl-sys` links to the native library `openssl`, but it conflicts with a previous package which links to `openssl` as well:\npackage `openssl-sys v0.9.60`\n    ... which satisfies dependency `openssl-sys = "^0.9.60"` of package `native-tls v0.2.7`\nOnly one package in the dependency graph may specify the same links value. This helps ensure that only one copy of a native library is linked in the final binary. Try to adjust your dependencies so that only one package uses the `links = "openssl"` value.\n\nfailed to select a version for `openssl-sys` which could resolve this conflict',
    'Exit code 101\nerror: failed to select a version for `libsqlite3-sys`.\n    ... required by package `rusqlite v0.31.0`\n    ... which satisfies dependency `rusqlite = "^0.31"` of package `notes v0.1.0 (/Users/ola/notes)`\nversions that meet the requirements `^0.28.0` are: 0.28.0\n\nthe package `libsqlite3-sys` links to the native library `sqlite3`, but it conflicts with a previous package which links to `sqlite3` as well:\npackage `libsqlite3-sys v0.27.0`\n    ... which satisfies dependency `libsqlite3-sys = "^0.27.0"` of package `sqlx-sqlite v0.7.4`\n    ... which satisfies dependency `sqlx-sqlite = "=0.7.4"` of package `sqlx v0.7.4`\nOnly one package in the dependency graph may specify the same links value. This helps ensure that only one copy of a native library is linked in the final binary. Try to adjust your dependencies so that only one package uses the `links = "sqlite3"` value.\n\nfailed to select a version for `libsqlite3-sys` which could resolve this conflict',
    "two crates need different major versions of the same -sys crate: align the parent crates (upgrade/downgrade one, e.g. matching rusqlite and sqlx releases) so only one -sys version remains (cargo tree -i <sys crate>)"
  ),
  // git
  pair(
    "h5-git-branch-exists",
    "git",
    "Exit code 128\nfatal: A branch named 'feature/invoice-pdf' already exists.",
    "Exit code 128\nSwitched to branch 'main'\nYour branch is up to date with 'origin/main'.\nfatal: a branch named 'fix/login-redirect' already exists",
    "the branch exists already: switch to it (git switch <branch>), or recreate it on purpose with git switch -C / git branch -f, or pick a new name"
  ),
  pair(
    "h5-git-rebase-in-progress",
    "git",
    'Exit code 128\nfatal: It seems that there is already a rebase-merge directory, and\nI wonder if you are in the middle of another rebase.  If that is the\ncase, please try\n	git rebase (--continue | --abort | --skip)\nIf that is not the case, please\n	rm -fr ".git/rebase-merge"\nand run me again.  I am stopping in case you still have something\nvaluable there.',
    'Exit code 128\nfatal: It seems that there is already a rebase-apply directory, and\nI wonder if you are in the middle of another rebase.  If that is the\ncase, please try\n	git rebase (--continue | --abort | --skip)\nIf that is not the case, please\n	rm -fr "/home/ada/work/portal/.git/rebase-apply"\nand run me again.  I am stopping in case you still have something\nvaluable there.',
    "an earlier rebase is unfinished: git status, then git rebase --continue or git rebase --abort (remove the rebase directory only if no rebase is really running)"
  ),
  pair(
    "h5-git-shallow-update",
    "git",
    "Exit code 1\nTo github.com:ada/portal.git\n ! [remote rejected] main -> main (shallow update not allowed)\nerror: failed to push some refs to 'github.com:ada/portal.git'",
    "Exit code 1\nEnumerating objects: 12, done.\nWriting objects: 100% (7/7), 1.02 KiB | 1.02 MiB/s, done.\nTo https://gitlab.example.com/platform/mirror.git\n ! [remote rejected]   release/2.4 -> release/2.4 (shallow update not allowed)\nerror: failed to push some refs to 'https://gitlab.example.com/platform/mirror.git'",
    "the clone is shallow: git fetch --unshallow (in CI: fetch-depth: 0) before pushing it to another remote"
  ),
  pair(
    "h5-git-lfs-should-be-pointers",
    "git",
    "Exit code 1\nEncountered 2 file(s) that should have been pointers, but weren't:\n	assets/video/intro.mp4\n	assets/video/outro.mp4",
    "Exit code 1\nUpdated 4 paths from the index\nEncountered 1 file that should have been a pointer, but wasn't:\n	models/classifier.onnx",
    "files matching .gitattributes LFS patterns were committed as plain blobs: git add --renormalize . and commit (or git lfs migrate import --no-rewrite <paths>)"
  ),
  pair(
    "h5-git-lfs-not-installed",
    "git",
    "Exit code 128\ngit-lfs filter-process: git-lfs: command not found\nfatal: the remote end hung up unexpectedly\nwarning: Clone succeeded, but checkout failed.\nYou can inspect what was checked out with 'git status'\nand retry with 'git restore --source=HEAD :/'",
    "Exit code 1\nThis repository is configured for Git LFS but 'git-lfs' was not found on your path. If you no longer wish to use Git LFS, remove this hook by deleting the 'post-checkout' file in the hooks directory (set by 'core.hookspath'; usually '.git/hooks').",
    "install Git LFS (apt install git-lfs / brew install git-lfs), run git lfs install once, then git lfs pull (or retry the checkout)"
  ),
  pair(
    "h5-git-filename-too-long",
    "git",
    "Exit code 128\nerror: unable to create file node_modules/@angular-devkit/build-angular/node_modules/@babel/plugin-transform-async-generator-functions/lib/index.js.map: Filename too long\nfatal: unable to checkout working tree\nwarning: Clone succeeded, but checkout failed.",
    "Exit code 1\nerror: unable to create file src/test/resources/fixtures/very/deeply/nested/integration/scenarios/customer-onboarding-with-multiple-addresses-and-payment-methods.json: Filename too long\nerror: unable to create file src/test/resources/fixtures/very/deeply/nested/integration/scenarios/customer-onboarding-with-multiple-addresses-and-payment-methods.xml: Filename too long",
    "Windows path limit: git config --global core.longpaths true (and enable long paths in Windows), then git restore --source=HEAD :/"
  ),
  pair(
    "h5-git-branch-not-fully-merged",
    "git",
    "Exit code 1\nerror: The branch 'spike/graphql' is not fully merged.\nIf you are sure you want to delete it, run 'git branch -D spike/graphql'.",
    "Exit code 1\nDeleted branch fix/typo (was 3e1a9f2).\nerror: the branch 'feature/old-checkout' is not fully merged\nhint: If you are sure you want to delete it, run 'git branch -D feature/old-checkout'",
    "the branch has commits not in HEAD/upstream: check them (git log main..<branch>), then delete with git branch -D if they are not needed"
  ),
  pair(
    "h5-git-worktree-branch-in-use",
    "git",
    "Exit code 128\nfatal: 'main' is already checked out at '/home/ada/work/portal'",
    "Exit code 128\nPreparing worktree (checking out 'feature/search')\nfatal: 'feature/search' is already used by worktree at '/home/ada/wt/search'",
    "a branch can be checked out in one worktree only: work in that worktree, create a new branch (git worktree add -b <new> <path>), or remove the other worktree (git worktree remove / prune)"
  ),
  pair(
    "h5-git-bad-config-line",
    "git",
    "Exit code 128\nfatal: bad config line 14 in file .git/config",
    "Exit code 128\nfatal: bad config line 3 in file /home/ada/.gitconfig",
    "that config file has a syntax error at the line shown: open it and fix the line (a missing ] or quote, a stray character), or set the value again with git config"
  ),
  pair(
    "h5-git-submodule-no-url",
    "git",
    "Exit code 128\nfatal: No url found for submodule path 'vendor/libsodium' in .gitmodules",
    "Exit code 1\nEntering 'third_party/protobuf'\nfatal: No url found for submodule path 'deps/json' in .gitmodules\nfatal: run_command returned non-zero status for third_party/protobuf",
    "a gitlink is committed without a .gitmodules entry: add the [submodule] entry with its url to .gitmodules (git submodule add <url> <path>), or git rm --cached the path if it should not be a submodule"
  ),
  pair(
    "h5-git-transport-file-not-allowed",
    "git",
    "Exit code 128\nCloning into '/tmp/test-repo/libs/common'...\nfatal: transport 'file' not allowed\nfatal: clone of '/tmp/upstream/common' into submodule path '/tmp/test-repo/libs/common' failed",
    "Exit code 128\nCloning into '/home/runner/work/app/app/modules/theme'...\nfatal: transport 'file' not allowed\nfatal: clone of '../theme.git' into submodule path '/home/runner/work/app/app/modules/theme' failed\nFailed to clone 'modules/theme'. Retry scheduled",
    "git 2.38.1+ blocks local-path submodules: allow it for that command (git -c protocol.file.allow=always submodule update) or use a remote URL"
  ),
  // ssl
  pair(
    "h5-curl-47-redirect-loop",
    "ssl",
    "Exit code 47\ncurl: (47) Maximum (50) redirects followed",
    "Exit code 47\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\ncurl: (47) Maximum (20) redirects followed",
    "the server redirects in a loop (often http<->https behind a proxy, or a login redirect without cookies): inspect with curl -IL, fix the redirect rule or call the final URL (with a cookie jar -b/-c if it is a login)"
  ),
  pair(
    "h5-openssl-bad-decrypt",
    "ssl",
    "Exit code 1\nEnter pass phrase for server.key:\nunable to load Private Key\n40F7A1B2C37F0000:error:1C800064:Provider routines:ossl_cipher_unpadblock:bad decrypt:../providers/implementations/ciphers/ciphercommon_block.c:124:\n40F7A1B2C37F0000:error:11800074:PKCS12 routines:PKCS12_pbe_crypt_ex:pkcs12 cipherfinal error:../crypto/pkcs12/p12_decr.c:86:maybe wrong password",
    "Exit code 1\nCould not read private key from client.key\nC0E1A7F8FF7F0000:error:1C800064:Provider routines:ossl_cipher_unpadblock:bad decrypt:providers/implementations/ciphers/ciphercommon_block.c:107:\nC0E1A7F8FF7F0000:error:11800074:PKCS12 routines:PKCS12_pbe_crypt_ex:pkcs12 cipherfinal error:crypto/pkcs12/p12_decr.c:86:maybe wrong password",
    "the key's passphrase is wrong: pass the right one (-passin pass:... / file:...) or re-export the key; openssl rsa -in key -out key.nopass removes it if a plain key is wanted"
  ),
  pair(
    "h5-ssh-no-matching-host-key-type",
    "ssl",
    "Exit code 255\nUnable to negotiate with 192.168.1.20 port 22: no matching host key type found. Their offer: ssh-rsa,ssh-dss",
    "Exit code 255\nUnable to negotiate with 10.40.2.9 port 2222: no matching host key type found. Their offer: ssh-rsa\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "the old server offers only ssh-rsa host keys: allow it for that host only (HostKeyAlgorithms +ssh-rsa and PubkeyAcceptedAlgorithms +ssh-rsa in ~/.ssh/config), better upgrade its sshd"
  ),
  pair(
    "h5-ssh-no-matching-kex",
    "ssl",
    "Exit code 255\nUnable to negotiate with 192.168.1.1 port 22: no matching key exchange method found. Their offer: diffie-hellman-group1-sha1",
    "Exit code 255\nUnable to negotiate with 172.16.8.4 port 22: no matching key exchange method found. Their offer: diffie-hellman-group-exchange-sha1,diffie-hellman-group14-sha1",
    "the device only offers legacy key exchange: add KexAlgorithms +<one of their offers> for that Host in ~/.ssh/config (or ssh -oKexAlgorithms=+...), better upgrade its firmware"
  ),
  pair(
    "h5-ssh-no-mutual-signature",
    "ssl",
    "Exit code 255\nsign_and_send_pubkey: no mutual signature algorithm\ngit@bitbucket.org: Permission denied (publickey).",
    "Exit code 255\ndebug1: Offering public key: /home/ada/.ssh/id_rsa RSA SHA256:Jq2m3... explicit\ndebug1: send_pubkey_test: no mutual signature algorithm\ndebug1: No more authentication methods to try.\ndeploy@203.0.113.44: Permission denied (publickey).",
    "OpenSSH 8.8+ refuses the SHA-1 ssh-rsa signature this server needs: use an ed25519 key (ssh-keygen -t ed25519, add it to the server), or PubkeyAcceptedAlgorithms +ssh-rsa for that host"
  ),
  pair(
    "h5-curl-16-http2-framing",
    "ssl",
    "Exit code 16\ncurl: (16) Error in the HTTP2 framing layer",
    "Exit code 16\n* Connected to api.partner.example (52.18.4.9) port 443\n* ALPN: server accepted h2\ncurl: (16) Error in the HTTP2 framing layer",
    "the server/proxy mishandles HTTP/2: retry with curl --http1.1 (for git: git config http.version HTTP/1.1)"
  ),
  pair(
    "h5-ssl-dh-key-too-small",
    "ssl",
    "Exit code 35\ncurl: (35) OpenSSL/3.0.2: error:0A00018A:SSL routines::dh key too small",
    `Exit code 1
Traceback (most recent call last):
  File "/opt/monitor/check.py", line 9, in <module>
    r = requests.get("https://192.168.0.10:8443/api/status", timeout=5)
requests.exceptions.SSLError: HTTPSConnectionPool(host='192.168.0.10', port=8443): Max retries exceeded with url: /api/status (Caused by SSLError(SSLError(1, '[SSL: DH_KEY_TOO_SMALL] dh key too small (_ssl.c:1006)')))`,
    "the server uses Diffie-Hellman parameters under 2048 bits: regenerate/upgrade its DH params or prefer ECDHE on the server; as a stopgap lower the client's security level (@SECLEVEL=1) for that host only"
  ),
  pair(
    "h5-schannel-revocation",
    "ssl",
    "Exit code 128\nfatal: unable to access 'https://github.com/acme/app.git/': schannel: next InitializeSecurityContext failed: Unknown error (0x80092012) - The revocation function was unable to check revocation for the certificate.",
    "Exit code 35\ncurl: (35) schannel: next InitializeSecurityContext failed: CRYPT_E_NO_REVOCATION_CHECK (0x80092012) - The revocation function was unable to check revocation for the certificate.",
    "Windows schannel cannot reach the revocation server (proxy/firewall): git config --global http.schannelCheckRevoke false, or curl --ssl-no-revoke"
  ),
  // db
  pair(
    "h5-mysql-reserved-word",
    "db",
    "Exit code 1\nERROR 1064 (42000) at line 12: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'order (\n  id INT AUTO_INCREMENT PRIMARY KEY,\n  customer_id INT NOT NULL' at line 1",
    `Exit code 1
Traceback (most recent call last):
  File "/srv/etl/load.py", line 44, in upsert
    cur.execute("INSERT INTO settings (key, value) VALUES (%s, %s)", (k, v))
pymysql.err.ProgrammingError: (1064, "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'key, value) VALUES ('theme', 'dark')' at line 1")`,
    "a reserved word (order, key, group, rank...) is used as a table/column name: quote it with backticks (`order`, `key`) or rename it"
  ),
  pair(
    "h5-mysql-1452-fk-child",
    "db",
    "Exit code 1\nERROR 1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`shop`.`order_items`, CONSTRAINT `order_items_ibfk_1` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`))",
    "Exit code 1\n   Illuminate\\Database\\QueryException\n\n  SQLSTATE[23000]: Integrity constraint violation: 1452 Cannot add or update a child row: a foreign key constraint fails (`crm`.`contacts`, CONSTRAINT `contacts_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE) (Connection: mysql, SQL: insert into `contacts` (`name`, `company_id`) values (Lee, 17))",
    "the referenced parent row does not exist: insert/seed the parent first (or fix the id you reference); when bulk-loading, load parent tables before children"
  ),
  pair(
    "h5-mysql-1366-utf8mb4",
    "db",
    "Exit code 1\nERROR 1366 (HY000): Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'body' at row 1",
    "Exit code 1\ndjango.db.utils.OperationalError: (1366, \"Incorrect string value: '\\\\xF0\\\\x9F\\\\x8E\\\\x89 N...' for column `forum`.`posts`.`title` at row 1\")",
    "the table/column is utf8 (3-byte) and the text has emoji: ALTER TABLE ... CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci and use charset utf8mb4 in the connection"
  ),
  pair(
    "h5-mysql-2059-caching-sha2",
    "db",
    "Exit code 1\nERROR 2059 (HY000): Authentication plugin 'caching_sha2_password' cannot be loaded: /usr/lib/x86_64-linux-gnu/mariadb19/plugin/caching_sha2_password.so: cannot open shared object file: No such file or directory",
    "Exit code 1\nError: ER_NOT_SUPPORTED_AUTH_MODE: Client does not support authentication protocol requested by server; consider upgrading MySQL client\n    at Handshake.Sequence._packetToError (/app/node_modules/mysql/lib/protocol/sequences/Sequence.js:47:14)\n  code: 'ER_NOT_SUPPORTED_AUTH_MODE',\n  errno: 1251,\n  sqlMessage: 'Client does not support authentication protocol requested by server; consider upgrading MySQL client',\n  sqlState: '08004',",
    "MySQL 8 uses caching_sha2_password, which this client/driver does not support: use a newer client/driver (mysql2 for Node), or ALTER USER ... IDENTIFIED WITH mysql_native_password for that user"
  ),
  pair(
    "h5-mysql-1205-lock-wait",
    "db",
    "Exit code 1\nERROR 1205 (HY000): Lock wait timeout exceeded; try restarting transaction",
    "Exit code 1\nsqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (1205, 'Lock wait timeout exceeded; try restarting transaction')\n[SQL: UPDATE accounts SET balance=%(balance)s WHERE accounts.id = %(accounts_id)s]\n[parameters: {'balance': 120.5, 'accounts_id': 42}]\n(Background on this error at: https://sqlalche.me/e/20/e3q8)",
    "another open transaction holds the row lock: find it (SHOW ENGINE INNODB STATUS / information_schema.innodb_trx), commit or kill it, and keep transactions short"
  ),
  pair(
    "h5-pg-drop-dependent-objects",
    "db",
    "Exit code 1\nERROR:  cannot drop table customers because other objects depend on it\nDETAIL:  constraint orders_customer_id_fkey on table orders depends on table customers\nHINT:  Use DROP ... CASCADE to drop the dependent objects too.",
    "Exit code 1\npsql:migrations/0042_drop_legacy.sql:3: ERROR:  cannot drop column region of table stores because other objects depend on it\nDETAIL:  view store_summary depends on column region of table stores\nmaterialized view regional_sales depends on view store_summary\nHINT:  Use DROP ... CASCADE to drop the dependent objects too.",
    "drop or alter the dependent objects listed in DETAIL first (constraint, view), or use CASCADE knowingly and recreate what you still need"
  ),
  pair(
    "h5-pg-operator-does-not-exist",
    "db",
    "Exit code 1\nERROR:  operator does not exist: integer = text\nLINE 1: SELECT * FROM orders o JOIN users u ON u.id = o.user_ref;\n                                                    ^\nHINT:  No operator matches the given name and argument types. You might need to add explicit type casts.",
    "Exit code 1\norg.postgresql.util.PSQLException: ERROR: operator does not exist: uuid = character varying\n  Hint: No operator matches the given name and argument types. You might need to add explicit type casts.\n  Position: 58\n	at org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)",
    "the two sides have different types: cast one explicitly (u.id = o.user_ref::int, ?::uuid) or bind the parameter with the column's type; better fix the column type"
  ),
  pair(
    "h5-pg-value-too-long",
    "db",
    "Exit code 1\nERROR:  value too long for type character varying(50)",
    "Exit code 1\npsycopg2.errors.StringDataRightTruncation: value too long for type character varying(255)\n\n[SQL: INSERT INTO articles (title, slug) VALUES (%(title)s, %(slug)s)]",
    "the value is longer than the varchar limit: widen the column (ALTER TABLE ... TYPE varchar(n)/text) or validate/truncate the input before inserting"
  ),
  pair(
    "h5-sqlite-double-quoted-literal",
    "db",
    'Exit code 1\nParse error: no such column: active\n  SELECT * FROM users WHERE status = "active";\n                       error here ---^',
    `Exit code 1
Traceback (most recent call last):
  File "/home/ben/notes/report.py", line 12, in <module>
    rows = con.execute('SELECT title FROM notes WHERE tag = "todo"').fetchall()
sqlite3.OperationalError: no such column: "todo" - should this be a string literal in single-quotes?`,
    "double quotes mean identifiers in SQL: put string literals in single quotes ('active'), or better bind them as parameters"
  ),
  pair(
    "h5-redis-misconf-rdb",
    "db",
    "Exit code 1\n(error) MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk. Commands that may modify the data set are disabled, because this instance is configured to report errors during writes if RDB snapshotting fails (stop-writes-on-bgsave-error option). Please check the Redis logs for details about the RDB error.",
    "Exit code 1\nredis.exceptions.ResponseError: MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk. Commands that may modify the data set are disabled, because this instance is configured to report errors during writes if RDB snapshotting fails (stop-writes-on-bgsave-error option). Please check the Redis logs for details about the RDB error.",
    "Redis cannot write its dump: check the log, then free disk space or fix the permissions of its dir (CONFIG GET dir); don't just disable stop-writes-on-bgsave-error"
  ),
  pair(
    "h5-redis-noauth",
    "db",
    "Exit code 1\n(error) NOAUTH Authentication required.",
    "Exit code 1\nReplyError: NOAUTH Authentication required.\n    at parseError (/srv/queue/node_modules/redis-parser/lib/parser.js:179:12)\n    at parseType (/srv/queue/node_modules/redis-parser/lib/parser.js:302:14) {\n  command: { name: 'info', args: [] }\n}",
    "the Redis server requires a password: pass it (redis-cli -a / AUTH, or redis://:password@host:6379 / REDIS_PASSWORD in the client config)"
  ),
  pair(
    "h5-mongo-econnrefused",
    "db",
    "Exit code 1\nMongoServerSelectionError: connect ECONNREFUSED 127.0.0.1:27017\n    at Timeout._onTimeout (/home/ben/api/node_modules/mongodb/lib/sdam/topology.js:278:38)\n    at listOnTimeout (node:internal/timers:569:17) {\n  reason: TopologyDescription {\n    type: 'Unknown',\n    servers: Map(1) { 'localhost:27017' => [ServerDescription] },",
    "Exit code 1\npymongo.errors.ServerSelectionTimeoutError: localhost:27017: [Errno 111] Connection refused (configured timeouts: socketTimeoutMS: 20000.0ms, connectTimeoutMS: 20000.0ms), Timeout: 30s, Topology Description: <TopologyDescription id: 6650a..., topology_type: Unknown, servers: [<ServerDescription ('localhost', 27017) server_type: Unknown, rtt: None, error=AutoReconnect('localhost:27017: [Errno 111] Connection refused')>]>",
    "no MongoDB listens there: start mongod (systemctl start mongod / brew services start mongodb-community / docker compose up -d mongo) or fix the host/port in the URI"
  ),
  // shell
  pair(
    "h5-find-exec-missing-terminator",
    "shell",
    "Exit code 1\nfind: missing argument to `-exec'",
    'Exit code 1\nfind: -exec: no terminating ";" or "+"',
    "end -exec with an escaped semicolon or a plus: find ... -exec cmd {} \\; (or {} +)"
  ),
  pair(
    "h5-find-paths-must-precede",
    "shell",
    "Exit code 1\nfind: paths must precede expression: `report-2026-01.csv'\nfind: possible unquoted pattern after predicate `-name'?",
    "Exit code 1\nfind: paths must precede expression: `setup.py'\nUsage: find [-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]",
    "the shell expanded the unquoted glob: quote the pattern (find . -name '*.csv')"
  ),
  pair(
    "h5-crontab-bad-line",
    "shell",
    `Exit code 1
"/tmp/crontab.XiQ3ad/crontab":3: bad minute
errors in crontab file, can't install.
Do you want to retry the same edit? (y/n)`,
    `Exit code 1
new crontab file is missing newline before EOF, can't install.
"-":1: bad command
errors in crontab file, can't install.`,
    "a crontab line is malformed: five time fields then the command, one entry per line, and end the file with a newline"
  ),
  pair(
    "h5-rsync-missing-remote",
    "shell",
    "Exit code 12\nbash: rsync: command not found\nrsync: connection unexpectedly closed (0 bytes received so far) [sender]\nrsync error: error in rsync protocol data stream (code 12) at io.c(231) [sender=3.2.7]",
    "Exit code 12\nsh: 1: rsync: not found\nrsync: connection unexpectedly closed (0 bytes received so far) [sender]\nrsync error: remote command not found (code 127) at io.c(235) [sender=3.2.3]",
    "rsync must exist on the remote host too: install it there (apt install rsync / apk add rsync), or point --rsync-path at it"
  ),
  pair(
    "h5-ssh-strict-unknown-host",
    "shell",
    "Exit code 255\nNo ECDSA host key is known for 203.0.113.7 and you have requested strict checking.\nHost key verification failed.",
    "Exit code 128\nNo ED25519 host key is known for gitlab.internal.example and you have requested strict checking.\nHost key verification failed.\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
    "the host is not in known_hosts yet (CI/new machine): add its key first, ssh-keyscan -H <host> >> ~/.ssh/known_hosts after checking the fingerprint"
  ),
  pair(
    "h5-sh-export-invalid-identifier",
    "shell",
    "Exit code 1\nbash: export: `API-KEY=abc123': not a valid identifier",
    "Exit code 1\n./env.sh: line 4: export: `=': not a valid identifier\n./env.sh: line 4: export: `https://db.internal:5432': not a valid identifier",
    "shell variable names allow only letters, digits and _, and no spaces around = (export API_KEY=abc, export DB_URL=...)"
  ),
  pair(
    "h5-zsh-nvm-not-found",
    "shell",
    "Exit code 127\nzsh: command not found: nvm",
    "Exit code 127\nbash: nvm: command not found",
    'nvm is a shell function loaded by the rc file: add the NVM_DIR lines (export NVM_DIR=...; . "$NVM_DIR/nvm.sh") to ~/.zshrc or ~/.bashrc and open a new shell'
  ),
  pair(
    "h5-text-file-busy",
    "shell",
    "Exit code 1\ncp: cannot create regular file '/usr/local/bin/agent': Text file busy",
    "Exit code 1\nWarning: Failed to open the file /opt/app/bin/server: Text file busy\ncurl: (23) Failure writing output to destination, passed 1369 returned 0",
    "the binary is running: stop it first, or write to a new file and mv it over the old one (mv replaces atomically)"
  ),
  pair(
    "h5-sort-tmp-no-space",
    "shell",
    "Exit code 2\nsort: write failed: /tmp/sortKx7Q2a: No space left on device",
    "Exit code 2\nsort: write failed: /tmp/sortA91fZ0: No space left on device",
    "sort spills to /tmp, which is small: point it at a bigger disk with sort -T /path/with/space (or TMPDIR), or sort with --compress-program=gzip"
  ),
  pair(
    "h5-symlink-loop",
    "shell",
    "Exit code 1\nls: cannot access 'current/config': Too many levels of symbolic links",
    "Exit code 1\nError: ELOOP: too many symbolic links encountered, stat '/srv/app/current/node_modules'\n    at Object.statSync (node:fs:1666:3) {\n  errno: -40,\n  code: 'ELOOP',\n  syscall: 'stat',\n  path: '/srv/app/current/node_modules'\n}",
    "a symlink points to itself or a cycle: check it with ls -l / readlink and recreate it with the correct target (ln -sfn <real target> <link>)"
  ),
  // docker
  pair(
    "h5-docker-credential-desktop",
    "docker",
    'Exit code 1\nERROR: failed to solve: node:20-bookworm-slim: error getting credentials - err: exec: "docker-credential-desktop": executable file not found in $PATH, out: ``',
    "Exit code 1\nUnable to find image 'postgres:16' locally\ndocker: error getting credentials - err: exec: \"docker-credential-desktop.exe\": executable file not found in $PATH, out: ``.\nSee 'docker run --help'.",
    '~/.docker/config.json names a credential helper that is not installed here: remove (or fix) the "credsStore" entry, e.g. after uninstalling Docker Desktop or inside WSL'
  ),
  pair(
    "h5-docker-gpu-driver",
    "docker",
    'Exit code 125\ndocker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
    'Exit code 1\nError response from daemon: could not select device driver "nvidia" with capabilities: [[gpu]]\nError: failed to start containers: ollama',
    "Docker has no GPU runtime: install the NVIDIA Container Toolkit (nvidia-ctk runtime configure --runtime=docker) and restart the Docker daemon"
  ),
  pair(
    "h5-docker-http-registry",
    "docker",
    'Exit code 1\nError response from daemon: Get "https://registry.lan:5000/v2/": http: server gave HTTP response to HTTPS client',
    'Exit code 1\nThe push refers to repository [192.168.10.4:5000/team/api]\nGet "https://192.168.10.4:5000/v2/": http: server gave HTTP response to HTTPS client',
    'the registry speaks plain HTTP: add it to "insecure-registries" in /etc/docker/daemon.json (Docker Desktop: Docker Engine settings) and restart Docker, or put TLS in front of it'
  ),
  pair(
    "h5-compose-no-config-file",
    "docker",
    "Exit code 14\nno configuration file provided: not found",
    "Exit code 1\n\n        Can't find a suitable configuration file in this directory or any\n        parent. Are you in the right directory?\n\n        Supported filenames: docker-compose.yml, docker-compose.yaml, compose.yml, compose.yaml",
    "compose found no compose file in this folder or its parents: run it in the folder with compose.yaml/docker-compose.yml, or pass -f path/to/compose.yaml"
  ),
  pair(
    "h5-docker-entrypoint-no-such-file",
    "docker",
    "Exit code 1\nexec /usr/local/bin/docker-entrypoint.sh: no such file or directory",
    "Exit code 1\napi-1  | exec ./start.sh: no such file or directory\napi-1 exited with code 1",
    "the script exists but its interpreter does not: the shebang names a shell missing from the image (#!/bin/bash on alpine) or the file has CRLF line endings; fix the shebang / install bash, or convert to LF"
  ),
  pair(
    "h5-docker-compose-not-a-command",
    "docker",
    "Exit code 1\ndocker: 'compose' is not a docker command.\nSee 'docker --help'",
    "Exit code 1\nunknown shorthand flag: 'd' in -d\nSee 'docker --help'.\n\nUsage:  docker [OPTIONS] COMMAND",
    "the Compose v2 plugin is not installed: install docker-compose-plugin (apt) or the compose binary into ~/.docker/cli-plugins, then use docker compose"
  ),
  pair(
    "h5-docker-login-unauthorized",
    "docker",
    'Exit code 1\nError response from daemon: Head "https://registry-1.docker.io/v2/library/node/manifests/20-alpine": unauthorized: incorrect username or password',
    "Exit code 1\nERROR: failed to solve: python:3.12-slim: failed to resolve source metadata for docker.io/library/python:3.12-slim: unexpected status from HEAD request to https://registry-1.docker.io/v2/library/python/manifests/3.12-slim: 401 Unauthorized",
    "stale Docker Hub credentials break even public pulls: docker logout (or docker login again with a valid access token)"
  ),
  pair(
    "h5-docker-snapshot-missing",
    "docker",
    'Exit code 1\nERROR: failed to solve: failed to prepare extraction snapshot "extract-512000000-Xf2a sha256:9e4c1b0f7d...": parent snapshot sha256:5b7e...a1c does not exist: not found',
    'Exit code 1\n#8 ERROR: failed to prepare extraction snapshot "extract-77118313-pQ3k sha256:c1d2e3f4a5b6...": parent snapshot sha256:0a9b8c...77 does not exist: not found\n------\nERROR: failed to solve: failed to prepare extraction snapshot "extract-77118313-pQ3k sha256:c1d2e3f4a5b6...": parent snapshot sha256:0a9b8c...77 does not exist: not found',
    "the BuildKit cache is corrupt: docker builder prune -af (or docker buildx prune -af), then build again"
  ),
  pair(
    "h5-pg-volume-chown",
    "docker",
    "Exit code 1\ndb-1  | chown: changing ownership of '/var/lib/postgresql/data': Operation not permitted\ndb-1 exited with code 1",
    "Exit code 1\nchmod: changing permissions of '/var/lib/postgresql/data': Operation not permitted\nmysql-1  | chown: changing ownership of '/var/lib/mysql/': Operation not permitted",
    "the bind-mounted host folder (NFS, /mnt/c, rootless) does not allow chown: use a named volume for the database data instead of a bind mount"
  ),
  // java
  pair(
    "h5-kotlin-jvm-target",
    "java",
    "Exit code 1\n* What went wrong:\nExecution failed for task ':app:compileKotlin'.\n> Inconsistent JVM-target compatibility detected for tasks 'compileJava' (17) and 'compileKotlin' (21).\n\n  Consider using JVM Toolchain: https://kotl.in/gradle/jvm/toolchain\n  Learn more about JVM-target validation: https://kotl.in/gradle/jvm/target-validation",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':shared:compileDebugKotlinAndroid'.\n> 'compileDebugJavaWithJavac' task (current target is 1.8) and 'compileDebugKotlinAndroid' task (current target is 17) jvm target compatibility should be set to the same Java version.\n  Consider using JVM toolchain: https://kotl.in/gradle/jvm/toolchain",
    "Java and Kotlin compile for different JVM targets: set the same version for both, e.g. kotlin { jvmToolchain(17) } (or matching compileOptions/kotlinOptions.jvmTarget)"
  ),
  pair(
    "h5-lombok-processor",
    "java",
    "Exit code 1\n[ERROR] COMPILATION ERROR :\n[INFO] -------------------------------------------------------------\n[ERROR] /home/ivan/crm/src/main/java/com/acme/crm/CustomerService.java:[27,25] cannot find symbol\n  symbol:   method getEmail()\n  location: variable customer of type com.acme.crm.Customer\n[ERROR] /home/ivan/crm/src/main/java/com/acme/crm/CustomerService.java:[31,13] cannot find symbol\n  symbol:   method builder()\n  location: class com.acme.crm.Customer",
    'Exit code 1\n> Task :compileJava FAILED\n/builds/pay/src/main/java/com/pay/api/RefundController.java:44: error: cannot find symbol\n        log.info("refund {}", req.getAmount());\n        ^\n  symbol:   variable log\n  location: class RefundController\n/builds/pay/src/main/java/com/pay/api/RefundController.java:45: error: cannot find symbol\n        return refundService.create(req.getOrderId());\n                                       ^\n  symbol:   method getOrderId()\n  location: variable req of type RefundRequest',
    "Lombok-generated getters/builders/log are missing, so the annotation processor did not run: add lombok as annotationProcessor (Gradle) / to annotationProcessorPaths (Maven) with a version that supports this JDK"
  ),
  pair(
    "h5-mvn-no-pom",
    "java",
    "Exit code 1\n[ERROR] The goal you specified requires a project to execute but there is no POM in this directory (/home/ivan). Please verify you invoked Maven from the correct directory. -> [Help 1]",
    "Exit code 1\n[INFO] Scanning for projects...\n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD FAILURE\n[INFO] ------------------------------------------------------------------------\n[ERROR] The goal you specified requires a project to execute but there is no POM in this directory (/builds/team). Please verify you invoked Maven from the correct directory. -> [Help 1]",
    "run mvn in the folder that holds pom.xml (cd into the project), or pass -f path/to/pom.xml"
  ),
  pair(
    "h5-hibernate-lazy-init",
    "java",
    "Exit code 1\norg.hibernate.LazyInitializationException: failed to lazily initialize a collection of role: com.acme.shop.Order.items: could not initialize proxy - no Session\n	at org.hibernate.collection.spi.AbstractPersistentCollection.throwLazyInitializationException(AbstractPersistentCollection.java:635)\n	at com.acme.shop.OrderMapper.toDto(OrderMapper.java:22)",
    "Exit code 1\n2026-11-20T09:12:03.551Z ERROR 1 --- [nio-8080-exec-4] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] threw exception\norg.hibernate.LazyInitializationException: could not initialize proxy [com.acme.crm.Company#42] - no Session\n	at org.hibernate.proxy.AbstractLazyInitializer.initialize(AbstractLazyInitializer.java:165)\n	at com.acme.crm.Company$HibernateProxy$Zt1k2.getName(Unknown Source)\n	at com.acme.crm.ContactController.list(ContactController.java:37)",
    "a lazy association is read after the transaction closed: fetch it in the query (JOIN FETCH / @EntityGraph) or map to a DTO inside a @Transactional service method"
  ),
  pair(
    "h5-java-concurrent-modification",
    "java",
    'Exit code 1\nException in thread "main" java.util.ConcurrentModificationException\n	at java.base/java.util.ArrayList$Itr.checkForComodification(ArrayList.java:1013)\n	at java.base/java.util.ArrayList$Itr.next(ArrayList.java:967)\n	at com.acme.cart.Cart.removeExpired(Cart.java:41)',
    "Exit code 1\njava.util.ConcurrentModificationException\n	at java.base/java.util.HashMap$HashIterator.nextNode(HashMap.java:1605)\n	at java.base/java.util.HashMap$KeyIterator.next(HashMap.java:1628)\n	at com.acme.sessions.SessionStore.evictIdle(SessionStore.java:58)\n	at com.acme.sessions.SessionStore.lambda$start$0(SessionStore.java:31)",
    "the collection is modified while a for-each loop iterates it: use iterator.remove() or removeIf(...), or collect the changes and apply them after the loop"
  ),
  pair(
    "h5-java-immutable-collection",
    "java",
    'Exit code 1\nException in thread "main" java.lang.UnsupportedOperationException\n	at java.base/java.util.ImmutableCollections.uoe(ImmutableCollections.java:142)\n	at java.base/java.util.ImmutableCollections$AbstractImmutableCollection.add(ImmutableCollections.java:147)\n	at com.acme.report.Builder.addRow(Builder.java:19)',
    "Exit code 1\njava.lang.UnsupportedOperationException: null\n	at java.base/java.util.ImmutableCollections.uoe(ImmutableCollections.java:142)\n	at java.base/java.util.ImmutableCollections$ListN.sort(ImmutableCollections.java:1090)\n	at com.acme.rank.Leaderboard.top(Leaderboard.java:27)",
    "List.of/Map.of/stream().toList() return immutable collections: copy into a mutable one first (new ArrayList<>(list)) before add/remove/sort"
  ),
  pair(
    "h5-java-unreported-exception",
    "java",
    "Exit code 1\nsrc/main/java/com/acme/io/Loader.java:14: error: unreported exception IOException; must be caught or declared to be thrown\n        String text = Files.readString(path);\n                                      ^\n1 error",
    "Exit code 1\n[ERROR] /builds/pay/src/main/java/com/pay/sign/Signer.java:[22,42] unreported exception java.security.NoSuchAlgorithmException; must be caught or declared to be thrown",
    "a checked exception is neither caught nor declared: wrap the call in try/catch or add throws <Exception> to the method signature"
  ),
  pair(
    "h5-gradle-lock-timeout",
    "java",
    "Exit code 1\n* What went wrong:\nTimeout waiting to lock journal cache (/home/ivan/.gradle/caches/journal-1). It is currently in use by another Gradle instance.\nOwner PID: 48211\nOur PID: 49102\nOwner Operation:\nOur operation:\nLock file: /home/ivan/.gradle/caches/journal-1/journal-1.lock",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nGradle could not start your build.\n> Could not initialize native services.\nTimeout waiting to lock build logic queue. It is currently in use by another Gradle instance.\nOwner PID: 7731\nOur PID: 8120\nLock file: /Users/nia/app/.gradle/noVersion/buildLogic.lock",
    "another Gradle process holds the lock: wait for it or stop it (./gradlew --stop, kill the owner PID); delete the .lock file only if that process is gone"
  ),
  pair(
    "h5-android-sdk-location",
    "java",
    "Exit code 1\n* What went wrong:\nCould not determine the dependencies of task ':app:compileDebugJavaWithJavac'.\n> SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable or by setting the sdk.dir path in your project's local properties file at '/home/ivan/app/local.properties'.",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nA problem occurred configuring project ':app'.\n> SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable or by setting the sdk.dir path in your project's local properties file at '/builds/mobile/android/local.properties'.",
    "tell Gradle where the Android SDK is: export ANDROID_HOME=<sdk path> or put sdk.dir=<sdk path> in local.properties (not committed)"
  ),
  pair(
    "h5-java-tomap-duplicate-key",
    "java",
    'Exit code 1\nException in thread "main" java.lang.IllegalStateException: Duplicate key alice@example.com (attempted merging values User[id=1, name=Alice] and User[id=7, name=Alice B.])\n	at java.base/java.util.stream.Collectors.duplicateKeyException(Collectors.java:135)\n	at java.base/java.util.stream.Collectors.lambda$uniqKeysMapAccumulator$1(Collectors.java:182)\n	at com.acme.users.Directory.byEmail(Directory.java:29)',
    "Exit code 1\njava.lang.IllegalStateException: Duplicate key com.acme.sku.Item@6d06d69c\n	at java.util.stream.Collectors.lambda$throwingMerger$0(Collectors.java:133)\n	at java.util.HashMap.merge(HashMap.java:1254)\n	at java.util.stream.Collectors.lambda$toMap$58(Collectors.java:1320)\n	at com.acme.sku.Catalog.index(Catalog.java:44)",
    "Collectors.toMap got two elements with the same key: pass a merge function (toMap(k, v, (a, b) -> a)) or group them (groupingBy) if duplicates are legitimate"
  ),
  // c
  pair(
    "h5-ld-undefined-main",
    "c",
    "Exit code 1\n/usr/bin/ld: /usr/lib/gcc/x86_64-linux-gnu/12/../../../x86_64-linux-gnu/Scrt1.o: in function `_start':\n(.text+0x1b): undefined reference to `main'\ncollect2: error: ld returned 1 exit status",
    "Exit code 1\ngcc -Wall -O2 -o build/parser src/parser.c\n/usr/bin/ld: /usr/lib/gcc/x86_64-linux-gnu/13/../../../x86_64-linux-gnu/Scrt1.o: in function `_start':\n(.text+0x24): undefined reference to `main'\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:9: build/parser] Error 1",
    "a file without main() is being linked as a program: compile it to an object with -c (or into a library), or link it together with the file that defines main"
  ),
  pair(
    "h5-cxx17-dynamic-exception-spec",
    "c",
    "Exit code 1\nIn file included from src/net/socket.cpp:3:\ninclude/legacy/buffer.h:41:31: error: ISO C++17 does not allow dynamic exception specifications\n   41 |     void append(const char*) throw(std::bad_alloc);\n      |                               ^~~~~",
    "Exit code 2\n[ 42%] Building CXX object CMakeFiles/engine.dir/third_party/xml/parser.cpp.o\n/home/tao/engine/third_party/xml/parser.h:88:28: error: ISO C++17 does not allow dynamic exception specifications\n   88 |   Node* parse(const char*) throw(ParseError);\n      |                            ^~~~~\nmake[2]: *** [CMakeFiles/engine.dir/build.make:104: CMakeFiles/engine.dir/third_party/xml/parser.cpp.o] Error 1",
    "throw(X) specifications were removed in C++17: delete them (use noexcept(false)/nothing, or noexcept for throw()), or compile that legacy code with -std=c++14"
  ),
  pair(
    "h5-cxx-unique-ptr-copy",
    "c",
    "Exit code 1\nsrc/pool.cpp:22:20: error: use of deleted function 'std::unique_ptr<_Tp, _Dp>::unique_ptr(const std::unique_ptr<_Tp, _Dp>&) [with _Tp = Worker; _Dp = std::default_delete<Worker>]'\n   22 |     workers.push_back(w);\n      |     ~~~~~~~~~~~~~~~~~^~~\nIn file included from /usr/include/c++/12/memory:76:\n/usr/include/c++/12/bits/unique_ptr.h:522:7: note: declared here\n  522 |       unique_ptr(const unique_ptr&) = delete;\n      |       ^~~~~~~~~~",
    "Exit code 1\n/Users/tao/render/src/scene.cpp:57:10: error: call to deleted constructor of 'std::unique_ptr<Mesh>'\n   57 |   return mesh;\n      |          ^~~~\n/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk/usr/include/c++/v1/__memory/unique_ptr.h:219:3: note: copy constructor is implicitly deleted because 'unique_ptr<Mesh>' has a user-declared move constructor\n1 error generated.",
    "unique_ptr cannot be copied: std::move it into the container/return/parameter (push_back(std::move(w))), or pass a reference / use shared_ptr if ownership is really shared"
  ),
  pair(
    "h5-c-struct-redefinition",
    "c",
    "Exit code 1\nIn file included from src/main.c:4:\nsrc/geometry.h:3:8: error: redefinition of 'struct point'\n    3 | struct point {\n      |        ^~~~~\nIn file included from src/main.c:3:\nsrc/geometry.h:3:8: note: originally defined here",
    "Exit code 1\nIn file included from lib/render.c:2:\nlib/color.h:5:16: error: redefinition of 'struct rgb'\n    5 | typedef struct rgb {\n      |                ^~~\nIn file included from lib/canvas.h:3,\n                 from lib/render.c:1:\nlib/color.h:5:16: note: originally defined here\nlib/color.h:9:3: error: conflicting types for 'rgb_t'",
    "the header is included twice in one file: add an include guard (#ifndef X_H / #define X_H / #endif) or #pragma once to that header"
  ),
  pair(
    "h5-gcc-stray-character",
    "c",
    "Exit code 1\nsrc/calc.c:12:5: error: stray '\\342' in program\n   12 |     x = a <U+2212> b;\n      |           ^~~~~~~~\nsrc/calc.c:12:5: error: stray '\\210' in program",
    "Exit code 1\nmain.cpp: In function 'int main()':\nmain.cpp:8:15: error: stray '\\302' in program\n    8 |     int n = 10;<U+00A0>\n      |               ^~~~~~~~\nmain.cpp:9:18: error: stray '\\342' in program\n    9 |     std::cout << <U+201C>hi<U+201D>;",
    "the source has non-ASCII look-alike characters (copied from a web page/PDF: smart quotes, NBSP, unicode minus): retype them as plain ASCII"
  ),
  pair(
    "h5-cxx-jump-to-case-label",
    "c",
    "Exit code 1\nsrc/cmd.cpp: In function 'int run(int)':\nsrc/cmd.cpp:19:10: error: jump to case label\n   19 |     case 2:\n      |          ^\nsrc/cmd.cpp:16:21: note:   crosses initialization of 'std::string name'\n   16 |         std::string name = argv_name();",
    "Exit code 1\n/home/tao/vm/src/interp.cpp:88:5: error: cannot jump from switch statement to this case label\n   88 |     case OP_CALL: {\n      |     ^\n/home/tao/vm/src/interp.cpp:84:13: note: jump bypasses variable initialization\n   84 |         int argc = read_u8(pc);\n      |             ^\n1 error generated.",
    "a case declares an initialised variable that later cases jump over: wrap that case's body in braces { ... } (or declare the variable before the switch)"
  ),
  pair(
    "h5-cmake-ninja-missing",
    "c",
    'Exit code 1\nCMake Error: CMake was unable to find a build program corresponding to "Ninja".  CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool.\nCMake Error: CMAKE_C_COMPILER not set, after EnableLanguage\nCMake Error: CMAKE_CXX_COMPILER not set, after EnableLanguage\n-- Configuring incomplete, errors occurred!',
    'Exit code 1\nPreset CMake variables:\n\n  CMAKE_BUILD_TYPE="Release"\n\nCMake Error: CMake was unable to find a build program corresponding to "Ninja".  CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool.\n-- Configuring incomplete, errors occurred!',
    'the Ninja generator is selected but ninja is not installed: install it (apt install ninja-build / brew install ninja / pip install ninja) or configure with -G "Unix Makefiles" in a fresh build dir'
  ),
  pair(
    "h5-cmake-cannot-find-source",
    "c",
    "Exit code 1\nCMake Error at CMakeLists.txt:12 (add_executable):\n  Cannot find source file:\n\n    src/mian.cpp\n\n  Tried extensions .c .C .c++ .cc .cpp .cxx .cu .mpp .m .M .mm .ixx .cppm\n  .ccm .cxxm .c++m .h .hh .h++ .hm .hpp .hxx .in .txx .f .F .for .f77 .f90\n  .f95 .f03 .hip .ispc",
    "Exit code 1\nCMake Error at src/net/CMakeLists.txt:4 (add_library):\n  Cannot find source file:\n\n    http_client.cc\n\n  Tried extensions .c .C .c++ .cc .cpp .cxx .cu .mpp .m .M .mm .ixx .cppm\n  .h .hh .h++ .hm .hpp .hxx .in .txx .f .F .for .f77 .f90 .f95 .f03 .hip\n  .ispc\n\n\nCMake Error at src/net/CMakeLists.txt:4 (add_library):\n  No SOURCES given to target: net",
    "a file listed in add_executable/add_library does not exist at that path: fix the name/path (relative to that CMakeLists.txt's folder) or restore the file"
  ),
  pair(
    "h5-cmake-link-target-not-built",
    "c",
    'Exit code 1\nCMake Error at CMakeLists.txt:18 (target_link_libraries):\n  Cannot specify link libraries for target "app" which is not built by this\n  project.',
    'Exit code 1\nCMake Error at tests/CMakeLists.txt:9 (target_link_libraries):\n  Cannot specify link libraries for target "unit_tests" which is not built by\n  this project.',
    "target_link_libraries names a target that does not exist yet: call it after add_executable/add_library of that exact target name (check for typos and subdirectory order)"
  ),
  pair(
    "h5-ld-arm64-symbols",
    "c",
    'Exit code 1\nld: warning: ignoring file /usr/local/lib/libyaml.dylib, building for macOS-arm64 but attempting to link with file built for macOS-x86_64\nUndefined symbols for architecture arm64:\n  "_yaml_parser_initialize", referenced from:\n      _load_config in config.o\nld: symbol(s) not found for architecture arm64\nclang: error: linker command failed with exit code 1 (use -v to see invocation)',
    `Exit code 1
ld: warning: ignoring file '/usr/local/Cellar/sdl2/2.28.5/lib/libSDL2.dylib': found architecture 'x86_64', required architecture 'arm64'
Undefined symbols for architecture arm64:
  "_SDL_Init", referenced from:
      _main in main.o
ld: symbol(s) not found for architecture arm64`,
    "the library was built for x86_64 (Intel Homebrew in /usr/local): install the arm64 build with the native Homebrew in /opt/homebrew and link against that path"
  ),
  pair(
    "h5-stack-smashing",
    "c",
    "Exit code 134\n*** stack smashing detected ***: terminated\nAborted (core dumped)",
    "Exit code 134\n$ ./build/tokenize samples/long-line.txt\n*** stack smashing detected ***: ./build/tokenize terminated\nAborted (core dumped)",
    "a write overflows a local array: bound every copy to the buffer size (snprintf, strncpy/strlcpy with sizeof, fgets), fix the array size; locate it with -fsanitize=address -g"
  ),
  // ruby
  pair(
    "h5-rails-routing-error",
    "ruby",
    'ActionController::RoutingError (No route matches [GET] "/api/v1/reports"):\n\nactionpack (7.1.3) lib/action_dispatch/middleware/debug_exceptions.rb:34:in `call\'',
    'Started POST "/admin/users/17/suspend" for 10.0.2.2 at 2026-11-21 10:41:08 +0000\n\nActionController::RoutingError (No route matches [POST] "/admin/users/17/suspend"):\n\nactionpack (7.2.1) lib/action_dispatch/middleware/debug_exceptions.rb:32:in `call\'\nweb-1  | Completed 404 Not Found',
    "no route for that verb and path: add it to config/routes.rb (check bin/rails routes for the real path/verb) or call the existing route"
  ),
  pair(
    "h5-rails-forbidden-attributes",
    "ruby",
    "Exit code 1\nActiveModel::ForbiddenAttributesError (ActiveModel::ForbiddenAttributesError):\n\napp/controllers/posts_controller.rb:14:in `create'",
    "ActiveModel::ForbiddenAttributesError (ActiveModel::ForbiddenAttributesError):\n\nactivemodel (7.2.1) lib/active_model/forbidden_attributes_protection.rb:23:in `sanitize_for_mass_assignment'\napp/controllers/admin/companies_controller.rb:31:in `update'",
    "mass assignment needs strong parameters: pass params.require(:model).permit(:field, ...) (a *_params method) instead of raw params"
  ),
  pair(
    "h5-ruby-incompatible-library-version",
    "ruby",
    "Exit code 1\n/home/sol/.gem/ruby/3.2.0/gems/nokogiri-1.15.4-x86_64-linux/lib/nokogiri/extension.rb:7:in `require_relative': incompatible library version - /home/sol/.gem/ruby/3.2.0/gems/nokogiri-1.15.4-x86_64-linux/lib/nokogiri/3.2/nokogiri.so (LoadError)",
    "Exit code 1\n/usr/local/bundle/gems/bootsnap-1.18.3/lib/bootsnap/load_path_cache/core_ext/kernel_require.rb:30:in `require': incompatible library version - /usr/local/bundle/gems/bcrypt-3.1.20/lib/bcrypt_ext.so (LoadError)",
    "a native gem was compiled for another Ruby: rebuild the extensions under the current Ruby (gem pristine --all / bundle pristine, or remove the gem dir and bundle install)"
  ),
  pair(
    "h5-rubocop-offenses",
    "ruby",
    "Exit code 1\nInspecting 42 files\n..........C.......W.......................\n\nOffenses:\n\napp/models/user.rb:12:5: C: [Correctable] Style/RedundantReturn: Redundant return detected.\n    return email.downcase\n    ^^^^^^\napp/services/billing.rb:30:7: W: [Correctable] Lint/UselessAssignment: Useless assignment to variable - total.\n\n42 files inspected, 2 offenses detected, 2 offenses autocorrectable",
    "Exit code 1\nInspecting 118 files\n.....C..C....................\n\nOffenses:\n\nlib/tasks/import.rake:4:1: C: [Correctable] Style/FrozenStringLiteralComment: Missing frozen string literal comment.\napp/jobs/sync_job.rb:18:81: C: [Correctable] Layout/LineLength: Line is too long. [131/120]\n\n118 files inspected, 2 offenses detected, 2 offenses autocorrectable",
    "style offenses only: run rubocop -a (rubocop -A for unsafe corrections, after review) and fix what remains by hand"
  ),
  pair(
    "h5-rspec-capybara-visit",
    "ruby",
    "Exit code 1\nFailures:\n\n  1) Sign in logs the user in\n     Failure/Error: visit new_user_session_path\n\n     NoMethodError:\n       undefined method `visit' for #<RSpec::ExampleGroups::SignIn:0x00007f3e2c8a1b40>\n     # ./spec/features/sign_in_spec.rb:5:in `block (2 levels) in <top (required)>'",
    "Exit code 1\n  1) Checkout pays with a saved card\n     Failure/Error: visit cart_path\n\n     NoMethodError:\n       undefined method `visit' for an instance of RSpec::ExampleGroups::Checkout\n     # ./spec/system/checkout_spec.rb:9:in `block (2 levels) in <main>'\n\nFinished in 0.41 seconds (files took 2.3 seconds to load)\n1 example, 1 failure",
    "Capybara's DSL is not in that spec: give it type: :system / :feature (or config.infer_spec_type_from_file_location!) and require 'capybara/rspec' in rails_helper"
  ),
  pair(
    "h5-rails-missing-template",
    "ruby",
    "ActionView::MissingTemplate (Missing template reports/index, application/index with {:locale=>[:en], :formats=>[:html], :variants=>[], :handlers=>[:raw, :erb, :html, :builder, :ruby, :jbuilder]}.",
    'Completed 500 Internal Server Error in 8ms (ActiveRecord: 0.9ms | Allocations: 1874)\n\nActionView::MissingTemplate (Missing template api/v1/invoices/show, api/v1/base/show, application/show with {:locale=>[:en], :formats=>[:json], :variants=>[], :handlers=>[:raw, :erb, :html, :builder, :ruby, :jbuilder]}.\n\nSearched in:\n  * "/app/app/views"\n):',
    "the action renders a view that does not exist for that format: create app/views/<controller>/<action>.<format>.erb/jbuilder, or render json:/redirect explicitly"
  ),
  pair(
    "h5-rails-pool-timeout",
    "ruby",
    "Exit code 1\nActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.001 seconds); all pooled connections were in use",
    "Exit code 1\n2026-11-22T03:14:55.120Z pid=1 tid=2ab ERROR: ActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.004 seconds); all pooled connections were in use\n2026-11-22T03:14:55.121Z pid=1 tid=2ab WARN: /usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/connection_adapters/abstract/connection_pool/queue.rb:128:in `block in wait_poll'",
    "more threads than DB connections: set pool in config/database.yml to at least the thread count (RAILS_MAX_THREADS / Sidekiq concurrency)"
  ),
  pair(
    "h5-bundler-incompatible-versions",
    "ruby",
    'Exit code 6\nBundler could not find compatible versions for gem "activesupport":\n  In Gemfile:\n    rails (~> 7.0.8) was resolved to 7.0.8, which depends on\n      activesupport (= 7.0.8)\n\n    paper_trail (~> 15.1) was resolved to 15.1.0, which depends on\n      activesupport (>= 7.1)',
    "Exit code 6\nCould not find compatible versions\n\nBecause every version of sidekiq-cron depends on fugit >= 1.8, < 2\n  and fugit >= 1.8, < 2 depends on et-orbi >= 1.2.7, < 2,\n  every version of sidekiq-cron requires et-orbi >= 1.2.7, < 2.\nSo, because Gemfile depends on sidekiq-cron >= 0\n  and Gemfile.lock pins et-orbi 1.2.4,\n  version solving has failed.",
    "two gems need conflicting versions: update them together (bundle update <gem> <dependency>) or relax/pin the Gemfile requirement to a compatible version"
  ),
  // claude
  pair(
    "h5-cc-grep-regex-parse",
    "claude",
    "regex parse error:\n    fetchUser(\n             ^\nerror: unclosed group",
    'regex parse error:\n    settings["database"]\n            ^^^^^^^^^^^^\nerror: unclosed character class',
    "the Grep pattern is a regex: escape metacharacters (\\(, \\[, \\., \\{) or search a simpler literal fragment"
  ),
  pair(
    "h5-cc-webfetch-redirect-host",
    "claude",
    'REDIRECT DETECTED: The URL redirects to a different host.\n\nOriginal URL: https://docs.pydantic.dev/latest/concepts/validators\nRedirect URL: https://docs.pydantic.dev/2.10/concepts/validators/\nStatus: 301 Moved Permanently\n\nTo complete your request, I need to fetch content from the redirected URL. Please use WebFetch again with these parameters:\n- url: "https://docs.pydantic.dev/2.10/concepts/validators/"\n- prompt: "Summarise how field validators are declared"',
    'REDIRECT DETECTED: The URL redirects to a different host.\n\nOriginal URL: http://go.dev/doc/modules/gomod-ref\nRedirect URL: https://go.dev/doc/modules/gomod-ref\nStatus: 308 Permanent Redirect\n\nTo complete your request, I need to fetch content from the redirected URL. Please use WebFetch again with these parameters:\n- url: "https://go.dev/doc/modules/gomod-ref"\n- prompt: "What does the toolchain directive do?"',
    "call WebFetch again with the Redirect URL it reports (and the same prompt)"
  ),
  pair(
    "h5-cc-mcp-output-too-large",
    "claude",
    'Error: MCP tool "search_issues" response (61873 tokens) exceeds maximum allowed tokens (25000). Please use pagination, filtering, or limit parameters to reduce the response size.',
    'MCP tool "query" response (118204 tokens) exceeds maximum allowed tokens (25000). Please use pagination, filtering, or limit parameters to reduce the response size.',
    "ask the MCP tool for less: pass its limit/page/filter arguments (or a narrower query); raise MAX_MCP_OUTPUT_TOKENS only if the whole result is really needed"
  ),
  pair(
    "h5-cc-hook-command-not-found",
    "claude",
    'PostToolUse:Edit hook error: [prettier --write "$CLAUDE_FILE_PATHS"]: /bin/sh: 1: prettier: not found',
    "PostToolUse:Write hook error: Failed with non-blocking status code 127: /bin/sh: line 1: ruff: command not found",
    "hooks run in a plain non-interactive shell without your PATH additions: call the formatter by absolute path or through the project (npx prettier, uv run ruff, ./node_modules/.bin/...) in the hook command in settings.json"
  ),
  pair(
    "h5-cc-write-eacces",
    "claude",
    "EACCES: permission denied, open '/etc/nginx/sites-available/shop.conf'",
    "Error: EACCES: permission denied, open '/usr/local/etc/redis/redis.conf'",
    "the file is owned by root and the Write/Edit tools cannot elevate: write the content to a file in the project (or /tmp) and install it with sudo through Bash (sudo cp / sudo tee), or ask the user to do it"
  ),
  pair(
    "h5-cc-param-type-number",
    "claude",
    "<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe parameter `limit` type is expected as `number` but provided as `string`</tool_use_error>",
    "<tool_use_error>InputValidationError: Bash failed due to the following issue:\nThe parameter `timeout` type is expected as `number` but provided as `string`</tool_use_error>",
    "send numeric tool parameters as JSON numbers (limit: 200), not quoted strings"
  ),
  pair(
    "h5-cc-mcp-invalid-arguments",
    "claude",
    'MCP error -32602: Invalid arguments for tool create_issue: [\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "undefined",\n    "path": [\n      "title"\n    ],\n    "message": "Required"\n  }\n]',
    'Error: MCP error -32602: Invalid arguments for tool add_comment: [\n  {\n    "code": "invalid_type",\n    "expected": "number",\n    "received": "undefined",\n    "path": [\n      "issue_number"\n    ],\n    "message": "Required"\n  }\n]',
    "the MCP call misses a required argument: pass every field the tool's input schema marks as required, with the expected type (the path names it)"
  ),
  // php
  pair(
    "h5-php-max-execution-time",
    "php",
    "Exit code 255\nPHP Fatal error:  Maximum execution time of 30 seconds exceeded in /var/www/app/src/Import/CsvImporter.php on line 88",
    "Exit code 255\n   Symfony\\Component\\ErrorHandler\\Error\\FatalError\n\n  Maximum execution time of 60 seconds exceeded\n\n  at vendor/guzzlehttp/guzzle/src/Handler/CurlHandler.php:44\n     40\u2595     public function __invoke(RequestInterface $request, array $options): PromiseInterface",
    "the request runs longer than max_execution_time: move the long work to a queued job/CLI command, or raise the limit for that script (set_time_limit / max_execution_time)"
  ),
  pair(
    "h5-composer-github-auth",
    "php",
    "Exit code 1\n  - Downloading symfony/console (v6.4.3)\n    Failed to download symfony/console from dist: Could not authenticate against github.com\n    Now trying to download from source\n  - Syncing symfony/console (v6.4.3) into cache\nIn GitDownloader.php line 82:\n  Failed to execute git clone --mirror -- 'git@github.com:symfony/console.git'",
    "Exit code 1\n  [Composer\\Downloader\\TransportException]\n  Could not authenticate against github.com",
    "composer has a bad or missing GitHub token: composer config --global github-oauth.github.com <fresh token> (or remove the stale one from auth.json / COMPOSER_AUTH)"
  ),
  pair(
    "h5-laravel-target-class-missing",
    "php",
    "Exit code 1\n   Illuminate\\Contracts\\Container\\BindingResolutionException\n\n  Target class [UserController] does not exist.\n\n  at vendor/laravel/framework/src/Illuminate/Container/Container.php:914",
    "Illuminate\\Contracts\\Container\\BindingResolutionException: Target class [App\\Http\\Controllers\\Admin\\InvoiceController] does not exist. in /var/www/html/vendor/laravel/framework/src/Illuminate/Container/Container.php:946\nStack trace:\n#0 /var/www/html/vendor/laravel/framework/src/Illuminate/Container/Container.php(826): Illuminate\\Container\\Container->build('App\\\\Http\\\\Contro...')",
    "Laravel 8+ routes need the full class: use [UserController::class, 'index'] with a use import (check the controller's namespace/file name), then php artisan route:clear"
  ),
  pair(
    "h5-laravel-vite-manifest",
    "php",
    "Exit code 1\n   Illuminate\\Foundation\\ViteManifestNotFoundException\n\n  Vite manifest not found at: /var/www/html/public/build/manifest.json",
    '[2026-11-20 08:14:02] production.ERROR: Vite manifest not found at: /home/forge/shop.example.com/public/build/manifest.json (View: /home/forge/shop.example.com/resources/views/layouts/app.blade.php) {"exception":"[object] (Illuminate\\\\View\\\\ViewException(code: 0): Vite manifest not found at: /home/forge/shop.example.com/public/build/manifest.json',
    "the front-end assets were never built here: run npm install && npm run build on deploy (or npm run dev locally)"
  ),
  pair(
    "h5-laravel-route-login-not-defined",
    "php",
    "Exit code 1\n   Symfony\\Component\\Routing\\Exception\\RouteNotFoundException\n\n  Route [login] not defined.\n\n  at vendor/laravel/framework/src/Illuminate/Routing/UrlGenerator.php:479",
    `[2026-11-21 12:00:41] local.ERROR: Route [login] not defined. {"exception":"[object] (Symfony\\\\Component\\\\Routing\\\\Exception\\\\RouteNotFoundException(code: 0): Route [login] not defined. at /app/vendor/laravel/framework/src/Illuminate/Routing/UrlGenerator.php:517)
#0 /app/vendor/laravel/framework/src/Illuminate/Foundation/Exceptions/Handler.php(590): Illuminate\\\\Routing\\\\UrlGenerator->route('login', Array)`,
    "an unauthenticated request is redirected to a login route that does not exist: send Accept: application/json for API calls (gets a 401 instead), or define a route named login / change the redirect"
  ),
  pair(
    "h5-laravel-mass-assignment",
    "php",
    "Exit code 1\n   Illuminate\\Database\\Eloquent\\MassAssignmentException\n\n  Add [title] to fillable property to allow mass assignment on [App\\Models\\Post].",
    "Illuminate\\Database\\Eloquent\\MassAssignmentException: Add [customer_id] to fillable property to allow mass assignment on [App\\Models\\Invoice]. in /var/www/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php:566",
    "list the attribute in the model's $fillable array (or use $guarded deliberately) before create()/fill()"
  ),
  pair(
    "h5-laravel-cache-path",
    "php",
    "Exit code 1\n\nIn Compiler.php line 66:\n\n  Please provide a valid cache path.",
    "Exit code 1\n   InvalidArgumentException\n\n  Please provide a valid cache path.\n\n  at vendor/laravel/framework/src/Illuminate/View/Compilers/Compiler.php:67",
    "storage/framework subfolders are missing (not in git): mkdir -p storage/framework/{cache/data,sessions,views} and make them writable, then php artisan optimize:clear"
  ),
  // dotnet
  pair(
    "h5-dotnet-assets-file-missing",
    "dotnet",
    "Exit code 1\n/usr/share/dotnet/sdk/8.0.204/Sdks/Microsoft.NET.Sdk/targets/Microsoft.PackageDependencyResolution.targets(266,5): error NETSDK1004: Assets file '/home/eli/src/Api/obj/project.assets.json' not found. Run a NuGet package restore to generate this file. [/home/eli/src/Api/Api.csproj]",
    "Exit code 1\nC:\\Program Files\\dotnet\\sdk\\9.0.100\\Sdks\\Microsoft.NET.Sdk\\targets\\Microsoft.PackageDependencyResolution.targets(266,5): error NETSDK1004: Assets file 'C:\\build\\agent\\_work\\3\\s\\src\\Worker\\obj\\project.assets.json' not found. Run a NuGet package restore to generate this file. [C:\\build\\agent\\_work\\3\\s\\src\\Worker\\Worker.csproj]",
    "the project was not restored (or obj/ was cleaned): run dotnet restore before building with --no-restore"
  ),
  pair(
    "h5-dotnet-cs5001-no-main",
    "dotnet",
    "Exit code 1\nCSC : error CS5001: Program does not contain a static 'Main' method suitable for an entry point [/home/eli/src/Shared/Shared.csproj]",
    "Exit code 1\n  Determining projects to restore...\nCSC : error CS5001: Program does not contain a static 'Main' method suitable for an entry point [/builds/core/Domain/Domain.csproj]\n\nBuild FAILED.",
    "a class-library project is built as an executable: set <OutputType>Library</OutputType> (or remove Exe) in that .csproj, or add the Program/top-level statements if it should run"
  ),
  pair(
    "h5-efcore-no-provider",
    "dotnet",
    "Exit code 1\nUnhandled exception. System.InvalidOperationException: No database provider has been configured for this DbContext. A provider can be configured by overriding the 'DbContext.OnConfiguring' method or by using 'AddDbContext' on the application service provider. If 'AddDbContext' is used, then also ensure that your DbContext type accepts a DbContextOptions<TContext> object in its constructor and passes it to the base constructor for DbContext.",
    "Exit code 1\nfail: Microsoft.AspNetCore.Server.Kestrel[13]\n      System.InvalidOperationException: No database provider has been configured for this DbContext. A provider can be configured by overriding the 'DbContext.OnConfiguring' method or by using 'AddDbContext' on the application service provider. If 'AddDbContext' is used, then also ensure that your DbContext type accepts a DbContextOptions<TContext> object in its constructor and passes it to the base constructor for DbContext.\n         at Microsoft.EntityFrameworkCore.Internal.DbContextServices.Initialize(IServiceProvider scopedProvider, DbContextOptions contextOptions, DbContext context)",
    "register the context with a provider (builder.Services.AddDbContext<AppDb>(o => o.UseNpgsql(...)/UseSqlServer(...))) and give the DbContext a constructor taking DbContextOptions<T> passed to base"
  ),
  pair(
    "h5-efcore-design-package",
    "dotnet",
    "Exit code 1\nYour startup project 'Api' doesn't reference Microsoft.EntityFrameworkCore.Design. This package is required for the Entity Framework Core Tools to work. Ensure your startup project is correct, install the package, and try again.",
    "Exit code 1\nBuild started...\nBuild succeeded.\nYour startup project 'Orders.Web' doesn't reference Microsoft.EntityFrameworkCore.Design. This package is required for the Entity Framework Core Tools to work. Ensure your startup project is correct, install the package, and try again.",
    "dotnet add <startup project> package Microsoft.EntityFrameworkCore.Design (same major as EF Core), or point --startup-project at the project that has it"
  ),
  pair(
    "h5-dotnet-ef-tool-missing",
    "dotnet",
    "Exit code 1\nCould not execute because the specified command or file was not found.\nPossible reasons for this include:\n  * You misspelled a built-in dotnet command.\n  * You intended to execute a .NET program, but dotnet-ef does not exist.\n  * You intended to run a global tool, but a dotnet-prefixed executable with this name could not be found on the PATH.",
    'Exit code 1\nRun "dotnet tool restore" to make the "dotnet-ef" command available.',
    "the EF Core CLI is not installed for this shell: dotnet tool install --global dotnet-ef (or dotnet tool restore when the repo has a tool manifest)"
  ),
  pair(
    "h5-stj-object-cycle",
    "dotnet",
    "Exit code 1\nSystem.Text.Json.JsonException: A possible object cycle was detected. This can either be due to a cycle or if the object depth is larger than the maximum allowed depth of 32. Consider using ReferenceHandler.Preserve on JsonSerializerOptions to support cycles. Path: $.Customer.Orders.Customer.Orders.Customer.Orders.Customer.Orders.Customer.Orders.Customer.Id.",
    "fail: Microsoft.AspNetCore.Diagnostics.DeveloperExceptionPageMiddleware[1]\n      An unhandled exception has occurred while executing the request.\n      System.Text.Json.JsonException: A possible object cycle was detected. This can either be due to a cycle or if the object depth is larger than the maximum allowed depth of 64. Consider using ReferenceHandler.Preserve on JsonSerializerOptions to support cycles. Path: $.Items.Product.Category.Products.Category.Products.Category.Products.Category.Products.Category.Name.\n         at System.Text.Json.ThrowHelper.ThrowJsonException_SerializerCycleDetected(Int32 maxDepth)",
    "EF navigation properties point back at each other: return DTOs without the back-references, or set ReferenceHandler.IgnoreCycles in the JSON options"
  ),
  pair(
    "h5-msbuild-file-locked",
    "dotnet",
    `Exit code 1
/usr/share/dotnet/sdk/8.0.204/Microsoft.Common.CurrentVersion.targets(4807,5): warning MSB3026: Could not copy "obj/Debug/net8.0/apphost" to "bin/Debug/net8.0/Api". Beginning retry 1 in 1000ms. The process cannot access the file '/home/eli/src/Api/bin/Debug/net8.0/Api' because it is being used by another process.
error MSB3027: Could not copy "obj/Debug/net8.0/apphost" to "bin/Debug/net8.0/Api". Exceeded retry count of 10. Failed. The file is locked by: "Api (48122)"`,
    'Exit code 1\nC:\\Program Files\\dotnet\\sdk\\8.0.303\\Microsoft.Common.CurrentVersion.targets(4807,5): error MSB3027: Could not copy "C:\\src\\Shop\\Shop.Web\\obj\\Debug\\net8.0\\Shop.Web.dll" to "bin\\Debug\\net8.0\\Shop.Web.dll". Exceeded retry count of 10. Failed. The file is locked by: "Shop.Web (11204), .NET Host (9876)" [C:\\src\\Shop\\Shop.Web\\Shop.Web.csproj]',
    "the app from the previous run is still running and locks its output: stop it (the PID shown, or dotnet watch/IDE debug session), then build again"
  ),
  // terraform
  pair(
    "h5-tf-missing-required-argument",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Missing required argument\n\u2502 \n\u2502   on main.tf line 22, in resource "aws_s3_bucket_versioning" "assets":\n\u2502   22: resource "aws_s3_bucket_versioning" "assets" {\n\u2502 \n\u2502 The argument "bucket" is required, but no definition was found.\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: Missing required argument\n\u2502 \n\u2502   on modules/network/main.tf line 4, in resource "google_compute_subnetwork" "private":\n\u2502    4: resource "google_compute_subnetwork" "private" {\n\u2502 \n\u2502 The argument "ip_cidr_range" is required, but no definition was found.\n\u2575\n\u2577\n\u2502 Error: Missing required argument\n\u2502 \n\u2502   on modules/network/main.tf line 4, in resource "google_compute_subnetwork" "private":\n\u2502    4: resource "google_compute_subnetwork" "private" {\n\u2502 \n\u2502 The argument "network" is required, but no definition was found.\n\u2575',
    "add the argument(s) the error names to that resource block (check the provider docs for the resource; names change between provider majors)"
  ),
  pair(
    "h5-tf-provider-config-not-present",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Provider configuration not present\n\u2502 \n\u2502 To work with module.cdn.aws_cloudfront_distribution.site (orphan) its original provider configuration at module.cdn.provider["registry.terraform.io/hashicorp/aws"].us_east_1 is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy module.cdn.aws_cloudfront_distribution.site (orphan), after which you can remove the provider configuration again.\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: Provider configuration not present\n\u2502 \n\u2502 To work with aws_route53_record.legacy (orphan) its original provider configuration at provider["registry.terraform.io/hashicorp/aws"].dns is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy aws_route53_record.legacy (orphan), after which you can remove the provider configuration again.\n\u2575',
    "resources in state still need the removed provider block: re-add that provider configuration (same alias), apply to destroy them, then remove it (or terraform state rm them if they should be kept)"
  ),
  pair(
    "h5-tf-provider-wrong-namespace",
    "terraform",
    "Exit code 1\nInitializing provider plugins...\n- Finding latest version of hashicorp/github...\n\u2577\n\u2502 Error: Failed to query available provider packages\n\u2502 \n\u2502 Could not retrieve the list of available versions for provider hashicorp/github: provider registry registry.terraform.io does not have a provider named registry.terraform.io/hashicorp/github\n\u2502 \n\u2502 Did you intend to use integrations/github? If so, you must specify that source address in each module which requires that provider. To see which modules are currently depending on hashicorp/github, run the following command:\n\u2502     terraform providers\n\u2575",
    "Exit code 1\n\u2577\n\u2502 Error: Failed to query available provider packages\n\u2502 \n\u2502 Could not retrieve the list of available versions for provider hashicorp/cloudflare: provider registry registry.terraform.io does not have a provider named registry.terraform.io/hashicorp/cloudflare\n\u2502 \n\u2502 Did you intend to use cloudflare/cloudflare? If so, you must specify that source address in each module which requires that provider.\n\u2575",
    'that provider is not published under hashicorp/: declare required_providers { <name> = { source = "<namespace>/<name>" } } in every module that uses it (terraform providers shows which)'
  ),
  pair(
    "h5-tf-module-not-installed",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Module not installed\n\u2502 \n\u2502   on main.tf line 12:\n\u2502   12: module "vpc" {\n\u2502 \n\u2502 This module is not yet installed. Run "terraform init" to install all modules required by this configuration.\n\u2575',
    `Exit code 1
\u2577
\u2502 Error: Module not installed
\u2502 
\u2502   on envs/prod/main.tf line 31:
\u2502   31: module "eks_node_group" {
\u2502 
\u2502 This module's local cache directory modules/eks_node_group could not be read. Run "terraform init" to install all modules required by this configuration.
\u2575`,
    "a module block was added or its source changed: run terraform init (terraform get) in that directory before plan"
  ),
  pair(
    "h5-tf-duplicate-resource",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Duplicate resource "aws_iam_role" configuration\n\u2502 \n\u2502   on iam.tf line 40:\n\u2502   40: resource "aws_iam_role" "lambda" {\n\u2502 \n\u2502 A aws_iam_role resource named "lambda" was already declared at lambda.tf:3,1-33. Resource names must be unique per type in each module.\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: Duplicate resource "google_service_account" configuration\n\u2502 \n\u2502   on sa.tf line 1:\n\u2502    1: resource "google_service_account" "ci" {\n\u2502 \n\u2502 A google_service_account resource named "ci" was already declared at main.tf:58,1-41. Resource names must be unique per type in each module.\n\u2575',
    "two blocks declare the same type and name in one module (often a copied file): delete one, or rename it and use a moved block / state mv if it already exists"
  ),
  pair(
    "h5-tf-entity-already-exists",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: creating IAM Role (github-actions-deploy): operation error IAM: CreateRole, https response error StatusCode: 409, RequestID: 5c1e..., EntityAlreadyExists: Role with name github-actions-deploy already exists.\n\u2502 \n\u2502   with aws_iam_role.deploy,\n\u2502   on iam.tf line 1, in resource "aws_iam_role" "deploy":\n\u2502    1: resource "aws_iam_role" "deploy" {\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: creating IAM Policy (ecr-push): operation error IAM: CreatePolicy, https response error StatusCode: 409, RequestID: 9d0f..., EntityAlreadyExists: A policy called ecr-push already exists. Duplicate names are not allowed.\n\u2502 \n\u2502   with module.ci.aws_iam_policy.ecr_push,\n\u2502   on modules/ci/main.tf line 12, in resource "aws_iam_policy" "ecr_push":\n\u2575',
    "the object exists in AWS but not in this state: terraform import it (or an import block) into that address, or give the resource a different name"
  ),
  pair(
    "h5-tf-required-version",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Unsupported Terraform Core version\n\u2502 \n\u2502   on versions.tf line 2, in terraform:\n\u2502    2:   required_version = ">= 1.7.0"\n\u2502 \n\u2502 This configuration does not support Terraform version 1.5.7. To proceed, either choose another supported Terraform version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior.\n\u2575',
    'Exit code 1\n\u2577\n\u2502 Error: Unsupported Terraform Core version\n\u2502 \n\u2502   on main.tf line 3, in terraform:\n\u2502    3:   required_version = "~> 1.9"\n\u2502 \n\u2502 This configuration does not support Terraform version 1.6.6. To proceed, either choose another supported Terraform version or update this version constraint.\n\u2575',
    "install the Terraform version required_version asks for (tfenv install / tfswitch, or the setup-terraform version in CI)"
  ),
  // k8s
  pair(
    "h5-k8s-secret-not-found",
    "k8s",
    '  Warning  Failed     12s (x4 over 48s)  kubelet            Error: secret "db-credentials" not found',
    'NAME                      READY   STATUS                       RESTARTS   AGE\napi-7c9f8d6b5d-qx2lz      0/1     CreateContainerConfigError   0          2m\n  Warning  Failed     5s (x11 over 2m)  kubelet  Error: secret "stripe-api-keys" not found',
    "the pod references a Secret that does not exist in its namespace: create it there (kubectl create secret generic <name> -n <ns> ...) or fix the name in the manifest"
  ),
  pair(
    "h5-k8s-readiness-404",
    "k8s",
    "  Warning  Unhealthy  3s (x18 over 88s)  kubelet  Readiness probe failed: HTTP probe failed with statuscode: 404",
    "Events:\n  Type     Reason     Age                 From     Message\n  ----     ------     ----                ----     -------\n  Normal   Started    2m                  kubelet  Started container web\n  Warning  Unhealthy  12s (x24 over 2m)   kubelet  Readiness probe failed: HTTP probe failed with statuscode: 404",
    "the probe path does not exist in the app: point readinessProbe.httpGet.path (and port) at a real health endpoint (e.g. /healthz, /actuator/health)"
  ),
  pair(
    "h5-k8s-nodeport-allocated",
    "k8s",
    'Exit code 1\nThe Service "web" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    'Exit code 1\nError from server (Invalid): error when creating "k8s/grafana-svc.yaml": Service "grafana" is invalid: spec.ports[0].nodePort: Invalid value: 32000: provided port is already allocated',
    "another Service already uses that nodePort: pick a free one (kubectl get svc -A | grep <port>) or drop nodePort and let Kubernetes assign it"
  ),
  pair(
    "h5-helm-invalid-ownership",
    "k8s",
    'Exit code 1\nError: INSTALLATION FAILED: rendered manifests contain a resource that already exists. Unable to continue with install: ServiceAccount "metrics" in namespace "monitoring" exists and cannot be imported into the current release: invalid ownership metadata; label validation error: missing key "app.kubernetes.io/managed-by": must be set to "Helm"; annotation validation error: missing key "meta.helm.sh/release-name": must be set to "metrics"',
    'Exit code 1\nError: UPGRADE FAILED: Unable to continue with update: ConfigMap "app-config" in namespace "shop" exists and cannot be imported into the current release: invalid ownership metadata; annotation validation error: key "meta.helm.sh/release-name" must equal "shop-api": current value is "shop"',
    "the object was created outside this release (kubectl or another release): delete it, or adopt it by setting the label app.kubernetes.io/managed-by=Helm and the meta.helm.sh/release-name/namespace annotations to this release"
  ),
  pair(
    "h5-helm-repo-not-found",
    "k8s",
    "Exit code 1\nError: INSTALLATION FAILED: repo bitnami not found",
    "Exit code 1\nError: no repository definition for https://prometheus-community.github.io/helm-charts. Please add the missing repos via 'helm repo add'",
    "the chart repository is not configured on this machine: helm repo add <name> <url> && helm repo update, then install again"
  ),
  pair(
    "h5-k8s-strict-unknown-field",
    "k8s",
    'Exit code 1\nerror: error validating "deploy.yaml": error validating data: ValidationError(Deployment.spec.template.spec.containers[0]): unknown field "port" in io.k8s.api.core.v1.Container; if you choose to ignore these errors, turn validation off with --validate=false',
    'Exit code 1\nError from server (BadRequest): error when creating "k8s/worker.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].env[0].valueFromm"',
    "the manifest has a misspelled or misplaced field: fix its name/indentation against the API (kubectl explain <kind>.<path>), never turn validation off"
  ),
  pair(
    "h5-k8s-untolerated-taint",
    "k8s",
    "  Warning  FailedScheduling  14s   default-scheduler  0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
    "  Warning  FailedScheduling  2m (x5 over 7m)  default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    "every node carries a taint the pod does not tolerate: add the matching tolerations to the pod spec, or remove the taint / add untainted worker nodes"
  ),
  pair(
    "h5-k8s-pod-security",
    "k8s",
    'Exit code 1\nError from server (Forbidden): error when creating "debug-pod.yaml": pods "debug" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "debug" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "debug" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "debug" must set securityContext.runAsNonRoot=true)',
    '  Warning  FailedCreate  8s (x13 over 30s)  replicaset-controller  Error creating: pods "api-5d7f9c8b4-" is forbidden: violates PodSecurity "restricted:latest": seccompProfile (pod or container "api" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    "the namespace enforces the restricted Pod Security level: add the securityContext fields the message lists (runAsNonRoot, allowPrivilegeEscalation: false, capabilities drop ALL, seccompProfile RuntimeDefault)"
  ),
  // swift
  pair(
    "h5-swift-no-such-module",
    "swift",
    "Exit code 65\n/Users/kim/dev/Weather/Weather/Services/API.swift:2:8: error: no such module 'Alamofire'\nimport Alamofire\n       ^\n** BUILD FAILED **",
    "Exit code 65\n\u274C  /Users/runner/work/app/app/App/Sources/Feature/Login/LoginView.swift:3:8: no such module 'FirebaseAuth'\nimport FirebaseAuth\n       ^\n** TEST BUILD FAILED **",
    "the dependency is not resolved/built for this target: open the .xcworkspace (CocoaPods) not the .xcodeproj, run pod install or resolve Swift packages (xcodebuild -resolvePackageDependencies), and add the product to that target"
  ),
  pair(
    "h5-xcode-select-cli-tools",
    "swift",
    "Exit code 1\nxcode-select: error: tool 'xcodebuild' requires Xcode, but active developer directory '/Library/Developer/CommandLineTools' is a command line tools instance",
    'Exit code 1\nxcrun: error: unable to find utility "simctl", not a developer tool or in PATH',
    "point the developer directory at the full Xcode: sudo xcode-select -s /Applications/Xcode.app/Contents/Developer (install Xcode first if it is missing)"
  ),
  pair(
    "h5-swift-optional-unwrap",
    "swift",
    "Exit code 1\n/Users/kim/dev/Weather/Weather/Models/City.swift:18:25: error: value of optional type 'String?' must be unwrapped to a value of type 'String'\n        return name.uppercased() + code\n                                   ^\nnote: coalesce using '??' to provide a default when the optional value contains 'nil'\nnote: force-unwrap using '!' to abort execution if the optional value contains 'nil'",
    "Exit code 1\nSources/CLI/Commands/Export.swift:41:30: error: value of optional type 'URL?' must be unwrapped to a value of type 'URL'\n        try data.write(to: outputURL)\n                           ^\nSources/CLI/Commands/Export.swift:41:30: note: coalesce using '??' to provide a default when the optional value contains 'nil'",
    "unwrap the optional before use: if let / guard let, or ?? with a default (force-unwrap ! only when nil is impossible)"
  ),
  pair(
    "h5-swift-found-nil",
    "swift",
    "Fatal error: Unexpectedly found nil while unwrapping an Optional value\n2026-03-14 10:22:41.118 Weather[4211:188231] Fatal error: Unexpectedly found nil while unwrapping an Optional value",
    "Exit code 1\nWeather/SettingsViewController.swift:27: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value",
    "a force-unwrapped (or implicitly unwrapped, e.g. an unconnected @IBOutlet) optional is nil at that line: connect/initialise it, or unwrap safely with if let / guard let"
  ),
  pair(
    "h5-swift-async-context",
    "swift",
    "Exit code 1\n/Users/kim/dev/Weather/Weather/Views/CityView.swift:31:13: error: 'async' call in a function that does not support concurrency\n            let forecast = try await api.forecast(for: city)\n            ^",
    "Exit code 1\nSources/App/main.swift:9:5: error: 'async' call in a function that does not support concurrency\n    await server.start()\n    ^",
    "call async code from an async context: mark the caller async, or wrap the call in Task { ... } (e.g. .task {} in SwiftUI)"
  ),
  // elixir
  pair(
    "h5-mix-no-project",
    "elixir",
    "Exit code 1\n** (Mix) Could not find a Mix.Project, please ensure you are running Mix in a directory with a mix.exs file",
    "Exit code 1\n** (Mix) Could not find a Mix.Project, please ensure you are running Mix in a directory with a mix.exs file\n    (mix 1.16.2) lib/mix.ex:599: Mix.raise/2",
    "run mix in the project folder that holds mix.exs (cd into it, or into the umbrella app)"
  ),
  pair(
    "h5-mix-unchecked-deps",
    "elixir",
    `Exit code 1
Unchecked dependencies for environment dev:
* phoenix_live_view (Hex package)
  the dependency is not available, run "mix deps.get"
** (Mix) Can't continue due to errors on dependencies`,
    `Exit code 1
Unchecked dependencies for environment test:
* ex_machina (Hex package)
  the dependency is not available, run "mix deps.get"
* mox (Hex package)
  lock mismatch: the dependency is out of date. To fetch locked version run "mix deps.get"
** (Mix) Can't continue due to errors on dependencies`,
    "mix deps.get (with MIX_ENV set to that environment) to fetch the dependencies in mix.lock"
  ),
  pair(
    "h5-elixir-undefined-module",
    "elixir",
    "Exit code 1\n** (UndefinedFunctionError) function Jason.encode!/1 is undefined (module Jason is not available)\n    Jason.encode!(%{ok: true})\n    (app 0.1.0) lib/app/api.ex:14: App.Api.reply/1",
    'Exit code 1\n** (UndefinedFunctionError) function Req.get!/1 is undefined (module Req is not available)\n    Req.get!("https://api.github.com/repos/elixir-lang/elixir")\n    iex:1: (file)',
    'the library is not a dependency of this project: add it to deps in mix.exs ({:jason, "~> 1.4"}) and run mix deps.get (or Mix.install in a script)'
  ),
  pair(
    "h5-ecto-schema-not-imported",
    "elixir",
    "Exit code 1\n== Compilation error in file lib/shop/catalog/product.ex ==\n** (CompileError) lib/shop/catalog/product.ex:4: undefined function schema/2 (there is no such import)",
    "Exit code 1\nerror: undefined function field/2 (there is no such import)\n  \u2502\n7 \u2502     field :email, :string\n  \u2502     ^\n  \u2502\n  \u2514\u2500 lib/accounts/user.ex:7:5: Accounts.User (module)\n\n** (CompileError) lib/accounts/user.ex: cannot compile module Accounts.User (errors have been logged)",
    "the Ecto schema macros are not imported: add use Ecto.Schema at the top of the module"
  ),
  pair(
    "h5-jason-encoder-derive",
    "elixir",
    'Exit code 1\n** (Protocol.UndefinedError) protocol Jason.Encoder not implemented for %Shop.Catalog.Product{__meta__: #Ecto.Schema.Metadata<:loaded, "products">, id: 3, name: "Mug"} of type Shop.Catalog.Product (a struct), Jason.Encoder protocol must always be explicitly implemented.',
    "Exit code 1\n** (Protocol.UndefinedError) protocol Jason.Encoder not implemented for type Accounts.User (a struct), Jason.Encoder protocol must always be explicitly implemented.\n\nIf you own the struct, you can derive the implementation specifying which fields should be encoded to JSON:\n\n    @derive {Jason.Encoder, only: [....]}\n    defstruct ...",
    "structs are not JSON-encodable by default: @derive {Jason.Encoder, only: [:id, :name, ...]} in the schema, or render a plain map in the view"
  ),
  // haskell
  pair(
    "h5-hs-hidden-package",
    "haskell",
    "Exit code 1\nsrc/Lib.hs:5:1: error:\n    Could not load module \u2018Data.Text\u2019\n    It is a member of the hidden package \u2018text-2.0.2\u2019.\n    Perhaps you need to add \u2018text\u2019 to the build-depends in your .cabal file.\n    Use -v (or `:set -v` in ghci) to see a list of the files searched for.\n  |\n5 | import qualified Data.Text as T\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    "Exit code 1\napp/Main.hs:8:1: error: [GHC-87110]\n    Could not load module \u2018Data.Map.Strict\u2019.\n    It is a member of the hidden package \u2018containers-0.6.7\u2019.\n    Perhaps you need to add \u2018containers\u2019 to the build-depends in your .cabal file.\n  |\n8 | import qualified Data.Map.Strict as Map\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    "add the package the message names to build-depends of that component in the .cabal file (or dependencies in package.yaml for stack)"
  ),
  pair(
    "h5-hs-text-vs-string",
    "haskell",
    `Exit code 1
src/Greeting.hs:9:20: error:
    \u2022 Couldn't match type \u2018[Char]\u2019 with \u2018Text\u2019
      Expected: Text
        Actual: String
    \u2022 In the first argument of \u2018T.toUpper\u2019, namely \u2018"hello"\u2019`,
    `Exit code 1
app/Main.hs:15:22: error: [GHC-83865]
    \u2022 Couldn't match expected type \u2018Text\u2019 with actual type \u2018[Char]\u2019
    \u2022 In the first argument of \u2018sendMessage\u2019, namely \u2018"ready"\u2019`,
    "string literals are String by default: enable {-# LANGUAGE OverloadedStrings #-} in that module (or convert with T.pack)"
  ),
  pair(
    "h5-stack-not-in-snapshot",
    "haskell",
    "Exit code 1\nError: [S-4804]\n       Stack failed to construct a build plan.\n\n       While constructing the build plan, Stack encountered the following errors:\n\n       In the dependencies for weather-0.1.0.0:\n         * req must match >=3.13, but req is not present in the snapshot lts-22.6 (latest matching version is 3.13.2).",
    "Exit code 1\nError: While constructing the build plan, the following exceptions were encountered:\n\nIn the dependencies for bot-0.2.0:\n    telegram-bot-simple needed, but the stack configuration has no specified version  (latest matching version is 0.13)\nneeded since bot is a build target.\n\nSome different approaches to resolving this:\n\n  * Recommended action: try adding the following to your extra-deps in /home/dana/bot/stack.yaml:\n\n- telegram-bot-simple-0.13@sha256:4e1c...,2211",
    "the package is not in the resolver's snapshot: add it (with a version) to extra-deps in stack.yaml, or move to a snapshot that has it"
  ),
  pair(
    "h5-hs-head-empty-list",
    "haskell",
    "Exit code 1\nreport: Prelude.head: empty list",
    "Exit code 1\nweather-exe: Prelude.head: empty list\nCallStack (from HasCallStack):\n  error, called at libraries/base/GHC/List.hs:1646:3 in base:GHC.List\n  errorEmptyList, called at libraries/base/GHC/List.hs:85:11 in base:GHC.List\n  badHead, called at libraries/base/GHC/List.hs:81:28 in base:GHC.List\n  head, called at app/Main.hs:22:17 in main:Main",
    "head was called on an empty list: pattern-match the empty case (case xs of [] -> ...; (x:_) -> ...) or use listToMaybe / Data.List.NonEmpty"
  )
];
var HOLDOUT4_UNRELATED = [
  "Exit code 1\nnpm ERR! code EEXIST\nnpm ERR! syscall mkdir\nnpm ERR! path /home/ivy/.npm/_cacache/content-v2/sha512/4f/1a\nnpm ERR! errno -17\nnpm ERR! EEXIST: file already exists, mkdir '/home/ivy/.npm/_cacache/content-v2/sha512/4f/1a'\nnpm ERR! Invalid response body while trying to fetch https://registry.npmjs.org/react: EACCES: permission denied",
  "Exit code 1\nnpm error code E403\nnpm error 403 403 Forbidden - GET https://registry.npmjs.org/@corp%2fsecret-sdk - You do not have permission to access this package\nnpm error 403 In most cases, you or one of your dependencies are requesting\nnpm error 403 a package version that is forbidden by your security policy, or\nnpm error 403 on a server you do not have access to.",
  'Exit code 1\nnpm error code EUNSUPPORTEDPROTOCOL\nnpm error Unsupported URL Type "link:": link:../shared',
  `Exit code 1
node:internal/process/promises:391
    triggerUncaughtException(err, true /* fromPromise */);
    ^

[UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "Invalid API key".] {
  code: 'ERR_UNHANDLED_REJECTION'
}

Node.js v20.17.0`,
  `Exit code 1
node:internal/errors:496
    ErrorCaptureStackTrace(err);
    ^

TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received undefined
    at Object.join (node:path:1171:7)
    at Object.<anonymous> (/home/ola/cli/src/config.js:8:22) {
  code: 'ERR_INVALID_ARG_TYPE'
}`,
  "Exit code 1\nError: listen EADDRNOTAVAIL: address not available 10.0.0.42:3000\n    at Server.setupListenHandle [as _listen2] (node:net:1904:21)\n    at listenInCluster (node:net:1969:12) {\n  code: 'EADDRNOTAVAIL',\n  errno: -99,\n  syscall: 'listen',\n  address: '10.0.0.42',\n  port: 3000\n}",
  'Exit code 1\n FAIL  src/api/client.test.ts\n  \u25CF fetchUser \u203A returns the user\n\n    expect(received).toEqual(expected) // deep equality\n\n    - Expected  - 1\n    + Received  + 1\n\n      Object {\n    -   "name": "Ada",\n    +   "name": "ada",\n      }',
  "Exit code 1\n FAIL  src/hooks/useCart.test.ts\n  \u25CF useCart \u203A adds an item\n\n    Warning: An update to TestComponent inside a test was not wrapped in act(...).\n\n    When testing, code that causes React state updates should be wrapped into act(...):",
  "Exit code 1\n\n/home/leo/monorepo/packages/api/src/index.ts\n  12:7  error  'config' is assigned a value but never reassigned. Use 'const' instead  prefer-const\n  31:1  error  Expected indentation of 2 spaces but found 4                           indent\n\n\u2716 2 problems (2 errors, 0 warnings)\n  2 errors and 0 warnings potentially fixable with the `--fix` option.",
  `Exit code 1
Internal Error: ivy@workspace:.: This package doesn't seem to be present in your lockfile; run "yarn install" to update the lockfile`,
  "Exit code 2\nsrc/utils/format.ts(9,17): error TS2551: Property 'lenght' does not exist on type 'string[]'. Did you mean 'length'?",
  "Exit code 2\nsrc/i18n.ts(12,10): error TS2769: No overload matches this call.\n  Overload 1 of 2, '(value: string | number | Date): Date', gave the following error.\n    Argument of type 'boolean' is not assignable to parameter of type 'string | number | Date'.",
  "Exit code 1\nError: PostCSS plugin tailwindcss requires PostCSS 8.\nUpdate PostCSS or downgrade this plugin.",
  "Exit code 1\nThe CJS build of Vite's Node API is deprecated. See https://vite.dev/guide/troubleshooting.html#vite-cjs-node-api-deprecated for more details.\nerror when starting dev server:\nError: Port 5173 is already in use",
  "Exit code 1\nERROR in ./src/index.js 14:4\nModule parse failed: 'import' and 'export' may appear only with 'sourceType: module' (14:4)\nFile was processed with these loaders:\n * ./node_modules/babel-loader/lib/index.js",
  ' \u2A2F Error: Invalid src prop (/images/hero.jpg) on `next/image`. Missing required "width" property.',
  'Exit code 1\nFailed to compile.\n\n./app/page.tsx\nError:   x You are attempting to export "metadata" from a component marked with "use client", which is disallowed. Either remove the export, or the "use client" directive.',
  'Exit code 1\nTraceback (most recent call last):\n  File "/home/wen/train.py", line 88, in <module>\n    loss = model(batch).loss\nRuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!',
  'Exit code 1\nTraceback (most recent call last):\n  File "/home/ines/bot/db.py", line 12, in save\n    conn.execute("INSERT INTO users (chat_id) VALUES (?)", chat_id)\nsqlite3.ProgrammingError: Incorrect number of bindings supplied. The current statement uses 1, and there are 9 supplied.',
  "Exit code 1\ndjango.db.migrations.exceptions.InconsistentMigrationHistory: Migration admin.0001_initial is applied before its dependency accounts.0001_initial on database 'default'.",
  'Exit code 1\nForbidden (CSRF cookie not set.): /api/login/\n[14/Mar/2026 10:12:44] "POST /api/login/ HTTP/1.1" 403 2870',
  "Exit code 1\nRuntimeError: Working outside of request context.\n\nThis typically means that you attempted to use functionality that needed\nan active HTTP request. Consult the documentation on testing for\ninformation about how to avoid this problem.",
  "Exit code 1\npydantic_core._pydantic_core.ValidationError: 1 validation error for Order\nquantity\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='two', input_type=str]",
  `Exit code 1
Traceback (most recent call last):
  File "/home/ana/jobs/fetch.py", line 4, in <module>
    import _ssl
ModuleNotFoundError: No module named '_ssl'`,
  "Exit code 2\nERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\npytest: error: argument --reruns: invalid int value: 'two'",
  "Exit code 1\nFAIL Required test coverage of 85% not reached. Total coverage: 91.40%\nINTERNALERROR> coverage.exceptions.DataError: Can't combine line data with arc data",
  "Exit code 1\nE       AssertionError: expected call not found.\nE       Expected: send_welcome('ana@example.com')\nE       Actual: send_welcome('ana@example.com', lang='en')",
  "Exit code 1\n# github.com/ravi/ledger/internal/report\ninternal/report/summary.go:41:2: unreachable code\ninternal/report/summary.go:55:9: result of fmt.Sprintf call not used",
  "Exit code 1\ngo: github.com/sqlc-dev/sqlc@v1.99.0: invalid version: unknown revision v1.99.0",
  "Exit code 1\n2026/05/02 10:14:03 pq: SSL is not enabled on the server\nexit status 1",
  "Exit code 2\npanic: runtime error: slice bounds out of range [:7] with capacity 5\n\ngoroutine 1 [running]:\nmain.parseHeader(...)\n	/home/ravi/ledger/header.go:22\nexit status 2",
  "Exit code 101\nthread 'main' panicked at src/pager.rs:19:24:\nindex out of bounds: the len is 3 but the index is 3",
  "Exit code 101\nerror: failed to parse manifest at `/home/li/monorepo/tools/xtask/Cargo.toml`\n\nCaused by:\n  error inheriting `edition` from workspace root manifest's `workspace.package.edition`",
  "Exit code 101\nwarning: unused variable: `total`\n --> src/main.rs:22:9\nerror: aborting due to 1 previous error; 1 warning emitted\nerror[E0369]: binary operation `+` cannot be applied to type `Money`",
  "Exit code 128\nfatal: shallow file has changed since we read it",
  "Exit code 1\nbatch response: This repository is over its data quota. Account responsible for LFS bandwidth should purchase more data packs to restore access.\nerror: failed to fetch some objects from 'https://github.com/ada/media.git/info/lfs'",
  "Exit code 128\nerror: invalid path 'docs/aux.md'\nfatal: unable to checkout working tree",
  "Exit code 128\nfatal: not a git repository: /home/ada/wt/search/.git/worktrees/search",
  "Exit code 1\nerror: key does not contain a section: editor",
  "Exit code 1\nUnable to negotiate with 192.168.1.20 port 22: no matching cipher found. Their offer: aes128-cbc,3des-cbc",
  "Exit code 255\nBad owner or permissions on /home/ada/.ssh/config",
  "Exit code 1\nERROR 1064 (42000): You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '' at line 1",
  "Exit code 1\nERROR 1451 (23000): Cannot delete or update a parent row: a foreign key constraint fails (`shop`.`order_items`, CONSTRAINT `order_items_ibfk_1` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`))",
  "Exit code 1\nERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction",
  'Exit code 1\nERROR:  invalid input syntax for type integer: "abc"',
  "Exit code 1\n(error) WRONGTYPE Operation against a key holding the wrong kind of value",
  "Exit code 1\n(error) OOM command not allowed when used memory > 'maxmemory'.",
  'Exit code 1\nMongoServerError: E11000 duplicate key error collection: app.users index: email_1 dup key: { email: "ben@example.com" }',
  "Exit code 1\nfind: \u2018/proc/4121/task/4121/fdinfo\u2019: Permission denied",
  "Exit code 1\nfind: warning: you have specified the global option -maxdepth after the argument -name, but global options are not positional",
  'Exit code 23\nrsync: [sender] link_stat "/home/ben/backup/photos" failed: No such file or directory (2)\nrsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) [sender=3.2.7]',
  "Exit code 1\nln: failed to create symbolic link 'current/config': No such file or directory",
  'Exit code 1\nservice "web" has neither an image nor a build context specified: invalid compose project',
  'Exit code 1\ndb-1  | initdb: error: directory "/var/lib/postgresql/data" exists but is not empty\ndb-1  | It contains a lost+found directory, perhaps due to it being a mount point.',
  "Exit code 1\n* What went wrong:\nExecution failed for task ':app:compileKotlin'.\n> Compilation error. See log for more details\ne: file:///home/ivan/app/src/main/kotlin/Main.kt:12:5 Unresolved reference 'foo'.",
  'Exit code 1\nException in thread "main" java.lang.IndexOutOfBoundsException: Index 3 out of bounds for length 3\n	at java.base/jdk.internal.util.Preconditions.outOfBounds(Preconditions.java:100)\n	at com.acme.report.Builder.addRow(Builder.java:19)',
  "Exit code 1\njava.lang.ClassCastException: class java.lang.Integer cannot be cast to class java.lang.Long (java.lang.Integer and java.lang.Long are in module java.base of loader 'bootstrap')",
  "Exit code 1\nsrc/main/java/com/acme/io/Loader.java:14: error: exception IOException is never thrown in body of corresponding try statement",
  "Exit code 1\n* What went wrong:\nCould not determine the dependencies of task ':app:compileDebugJavaWithJavac'.\n> Failed to install the following Android SDK packages as some licences have not been accepted.\n     platforms;android-34 Android SDK Platform 34",
  "Exit code 1\nsrc/pool.cpp:22:20: error: no matching function for call to 'std::vector<Worker>::push_back(Worker*&)'",
  "Exit code 1\nsrc/geometry.h:3:8: error: redefinition of 'point' as different kind of symbol",
  "Exit code 1\nsrc/calc.c:12:5: error: expected expression before ')' token",
  "Exit code 1\nsrc/list.c:33:1: warning: unused variable 'tmp' [-Wunused-variable]\nsrc/list.c:40:9: error: 'len' undeclared (first use in this function)",
  'Exit code 1\nCMake Error at CMakeLists.txt:12 (add_executable):\n  add_executable cannot create target "app" because another target with the\n  same name already exists.',
  'Started GET "/api/v1/reports" for 127.0.0.1\nActionController::ParameterMissing (param is missing or the value is empty: report):',
  'Exit code 1\nActiveRecord::RecordNotUnique: PG::UniqueViolation: ERROR:  duplicate key value violates unique constraint "index_users_on_email"',
  'Exit code 1\nFailures:\n\n  1) Sign in logs the user in\n     Failure/Error: expect(page).to have_content("Welcome back")\n       expected to find text "Welcome back" in "Invalid Email or password."',
  "Exit code 1\nActionView::Template::Error (undefined local variable or method `current_tenant' for an instance of #<Class:0x00007f3e2c8a1b40>):",
  "Exit code 1\nActiveRecord::StatementTimeout: PG::QueryCanceled: ERROR:  canceling statement due to statement timeout",
  "<tool_use_error>InputValidationError: Read failed due to the following issue:\nAn unexpected parameter `path` was provided</tool_use_error>",
  "MCP error -32603: Internal error: GitHub API rate limit exceeded for installation ID 4412871",
  'PreToolUse:Bash hook error: [~/.claude/hooks/check-command.sh]: jq: error (at <stdin>:1): Cannot index string with "tool_input"',
  "Request failed with status code 403",
  "EROFS: read-only file system, open '/nix/store/8x1a2b-nginx.conf'",
  "Exit code 255\nPHP Fatal error:  Uncaught Error: Call to a member function format() on null in /var/www/app/src/Report/Exporter.php:61",
  "Exit code 1\n   Illuminate\\Auth\\AuthenticationException\n\n  Unauthenticated.",
  "Exit code 1\n   Illuminate\\Contracts\\Encryption\\DecryptException\n\n  The MAC is invalid.",
  'Exit code 1\nIn ClassMapGenerator.php line 137:\n\n  Could not scan for classes inside "database/seeds" which does not appear to be a file nor a folder',
  "Exit code 1\n/home/eli/src/Api/Services/PriceService.cs(18,20): error CS0029: Cannot implicitly convert type 'string' to 'int' [/home/eli/src/Api/Api.csproj]",
  "Exit code 1\nUnhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.",
  "Exit code 1\nUnhandled exception. System.IO.FileNotFoundException: The configuration file 'appsettings.Production.json' was not found and is not optional. The expected physical path was '/app/appsettings.Production.json'.",
  "Exit code 1\nUnable to create a 'DbContext' of type 'AppDbContext'. The exception 'The ConnectionString property has not been initialized.' was thrown while attempting to create an instance.",
  "Exit code 1\nSystem.Text.Json.JsonException: The JSON value could not be converted to System.DateTime. Path: $.createdAt | LineNumber: 0 | BytePositionInLine: 42.",
  'Exit code 1\n\u2577\n\u2502 Error: Unsupported argument\n\u2502 \n\u2502   on main.tf line 22, in resource "aws_s3_bucket" "assets":\n\u2502   22:   acl = "private"\n\u2502 \n\u2502 An argument named "acl" is not expected here.\n\u2575',
  'Exit code 1\n\u2577\n\u2502 Error: Reference to undeclared resource\n\u2502 \n\u2502   on outputs.tf line 3, in output "bucket_arn":\n\u2502    3:   value = aws_s3_bucket.asset.arn\n\u2502 \n\u2502 A managed resource "aws_s3_bucket" "asset" has not been declared in the root module.\n\u2575',
  "Exit code 1\n\u2577\n\u2502 Error: creating EC2 Instance: operation error EC2: RunInstances, https response error StatusCode: 403, RequestID: 1a2b..., api error UnauthorizedOperation: You are not authorized to perform this operation.\n\u2575",
  'Exit code 1\n\u2577\n\u2502 Error: Incorrect attribute value type\n\u2502 \n\u2502   on main.tf line 9, in resource "aws_instance" "web":\n\u2502    9:   tags = ["web", "prod"]\n\u2502 \n\u2502 Inappropriate value for attribute "tags": map of string required.\n\u2575',
  'Exit code 1\n\u2577\n\u2502 Error: Provider produced inconsistent final plan\n\u2502 \n\u2502 When expanding the plan for aws_ecs_service.api to include new values learned so far during apply, provider "registry.terraform.io/hashicorp/aws" produced an invalid new value for .task_definition: was cty.StringVal("api:41"), but now cty.StringVal("api:42").\n\u2575',
  'Exit code 1\n\u2577\n\u2502 Error: Instance cannot be destroyed\n\u2502 \n\u2502   on rds.tf line 1:\n\u2502    1: resource "aws_db_instance" "main" {\n\u2502 \n\u2502 Resource aws_db_instance.main has lifecycle.prevent_destroy set, but the plan calls for this resource to be destroyed.\n\u2575',
  'Exit code 1\nError from server (AlreadyExists): error when creating "deploy.yaml": deployments.apps "api" already exists',
  'Exit code 1\nThe Deployment "api" is invalid: spec.template.spec.containers[0].image: Required value',
  '  Warning  Unhealthy  9s (x6 over 59s)  kubelet  Liveness probe failed: Get "http://10.244.1.17:8080/healthz": dial tcp 10.244.1.17:8080: connect: connection refused',
  '  Warning  FailedCreatePodSandBox  31s  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "4f2a...": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
  "Exit code 65\n/Users/kim/dev/Weather/Weather/Services/API.swift:14:9: error: cannot find 'AF' in scope",
  "Exit code 1\n/Users/kim/dev/Weather/Weather/Models/City.swift:18:25: error: cannot convert value of type 'Int' to expected argument type 'String'",
  'Exit code 1\nThread 1: "-[UIViewController collectionView:numberOfItemsInSection:]: unrecognized selector sent to instance 0x7fb1"',
  "Exit code 1\nSources/App/main.swift:9:5: error: expression is 'async' but is not marked with 'await'",
  "Exit code 1\n** (Mix) The database for Shop.Repo couldn't be created: killed",
  "Exit code 1\n** (FunctionClauseError) no function clause matching in Shop.Catalog.price/1",
  'Exit code 1\n** (KeyError) key :name not found in: %{id: 3, title: "Mug"}',
  "Exit code 1\n** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2000ms. This means requests are coming in and your connection pool cannot serve them fast enough.",
  "Exit code 1\nsrc/Lib.hs:5:1: error:\n    Ambiguous occurrence \u2018lookup\u2019\n    It could refer to\n       either \u2018Prelude.lookup\u2019, imported from \u2018Prelude\u2019 at src/Lib.hs:1:8-10\n           or \u2018Data.Map.lookup\u2019, imported from \u2018Data.Map\u2019 at src/Lib.hs:3:1-15",
  "Exit code 1\napp/Main.hs:12:8: error:\n    \u2022 Variable not in scope: parseConfig :: FilePath -> IO Config",
  "Exit code 1\nsrc/Report.hs:30:15: error: [GHC-39999]\n    \u2022 Ambiguous type variable \u2018a0\u2019 arising from a use of \u2018read\u2019 prevents the constraint \u2018(Read a0)\u2019 from being solved.",
  `Exit code 1
____________________ ERROR at setup of test_checkout_total ____________________
file /home/kai/api/tests/test_checkout.py, line 8
  @pytest.fixture(scope="module")
  def cart(db_session):
E       recursive dependency involving fixture 'db_session' detected`,
  "Exit code 1\nE       pytest.PytestUnraisableExceptionWarning: Exception ignored in: <socket.socket fd=12, family=2, type=1, proto=6>\nE       ResourceWarning: unclosed <socket.socket fd=12, family=2, type=1, proto=6, laddr=('127.0.0.1', 50122)>",
  "Exit code 1\nE       freezegun.api.FakeDatetime(2026, 1, 1, 0, 0) != datetime.datetime(2026, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)",
  "Exit code 2\nsrc/models/order.ts(22,5): error TS2416: Property 'save' in type 'Order' is not assignable to the same property in base type 'Model'.\n  Type '() => void' is not assignable to type '() => Promise<void>'.",
  "Exit code 2\nsrc/api/client.ts(31,11): error TS2783: 'method' is specified more than once, so this usage will be overwritten.",
  "Exit code 2\n# example.com/scheduler/cmd/worker\ncmd/worker/main.go:77:3: too many arguments in call to queue.Push\n	have (string, int, time.Duration)\n	want (string, int)",
  "Exit code 1\n--- FAIL: TestParseDuration (0.00s)\n    duration_test.go:18: got 1m30s, want 90s\nFAIL\nexit status 1",
  "Exit code 101\nerror[E0507]: cannot move out of `self.name` which is behind a shared reference\n  --> src/user.rs:14:9",
  "Exit code 1\nError response from daemon: error while creating mount source path '/run/desktop/mnt/host/c/Users/kim/data': mkdir /run/desktop/mnt/host/c: file exists",
  `Exit code 1
ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 2
#9 4.220 ERROR: Invalid requirement: 'flask>=3.0,' (from line 3 of requirements.txt)`
];

// bench/retrieval/holdout-v5.ts
var HOLDOUT5_PAIRS = [
  // npm / node
  pair(
    "h6-node-subpath-not-exported",
    "node",
    `Exit code 1
node:internal/modules/cjs/loader:598
      throw e;
      ^

Error [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath './lib/utils' is not defined by "exports" in /home/ana/shop/node_modules/uuid/package.json
    at exportsNotFound (node:internal/modules/esm/resolve:304:10)
    at packageExportsResolve (node:internal/modules/esm/resolve:651:9)
    at resolveExports (node:internal/modules/cjs/loader:591:36)
    at Module._findPath (node:internal/modules/cjs/loader:668:31) {
  code: 'ERR_PACKAGE_PATH_NOT_EXPORTED'
}

Node.js v20.11.1`,
    `Exit code 1
file:///srv/bot/dist/main.js:3
Error [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath './dist/cjs/helpers.js' is not defined by "exports" in /srv/bot/node_modules/@octokit/core/package.json imported from /srv/bot/dist/main.js
    at exportsNotFound (node:internal/modules/esm/resolve:314:10)
    at packageExportsResolve (node:internal/modules/esm/resolve:661:9)
    at packageResolve (node:internal/modules/esm/resolve:774:12) {
  code: 'ERR_PACKAGE_PATH_NOT_EXPORTED'
}

Node.js v22.3.0`,
    `the package's "exports" map hides that deep path: import only the public entry point the package exports (or pin the older version that still allowed the subpath)`
  ),
  pair(
    "h6-node-fetch-localhost-ipv6",
    "node",
    "Exit code 1\nnode:internal/deps/undici/undici:13185\n      Error.captureStackTrace(err);\n            ^\n\nTypeError: fetch failed\n    at node:internal/deps/undici/undici:13185:13\n    at async seed (/home/jo/app/scripts/seed.mjs:12:15) {\n  [cause]: Error: connect ECONNREFUSED ::1:3000\n      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {\n    errno: -111,\n    code: 'ECONNREFUSED',\n    syscall: 'connect',\n    address: '::1',\n    port: 3000\n  }\n}\n\nNode.js v20.12.0",
    "Exit code 1\nTypeError: fetch failed\n    at Object.fetch (node:internal/deps/undici/undici:11576:11)\n    at async main (file:///Users/pat/api-tests/run.js:8:17) {\n  cause: Error: connect ECONNREFUSED ::1:8080\n      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n    errno: -61,\n    code: 'ECONNREFUSED',\n    syscall: 'connect',\n    address: '::1',\n    port: 8080\n  }\n}",
    "Node 17+ resolves localhost to IPv6 ::1 but the server listens on IPv4 only: call 127.0.0.1 instead of localhost (or make the server listen on ::)"
  ),
  pair(
    "h6-jest-suite-no-tests",
    "jest",
    "Exit code 1\n FAIL  src/__tests__/helpers.ts\n  \u25CF Test suite failed to run\n\n    Your test suite must contain at least one test.\n\n      at onResult (node_modules/@jest/core/build/TestScheduler.js:133:18)\n\nTest Suites: 1 failed, 12 passed, 13 total\nTests:       88 passed, 88 total",
    "Exit code 1\n PASS  test/api/users.test.js\n FAIL  test/fixtures/factory.js\n  \u25CF Test suite failed to run\n\n    Your test suite must contain at least one test.\n\n      at onResult (node_modules/@jest/core/build/TestScheduler.js:175:18)\n      at node_modules/@jest/core/build/TestScheduler.js:316:17\n\nTest Suites: 1 failed, 4 passed, 5 total\nTests:       31 passed, 31 total\nSnapshots:   0 total\nTime:        6.204 s",
    "a helper file without tests is being collected as a test suite: narrow testMatch/testRegex (or add it to testPathIgnorePatterns) so only *.test files run"
  ),
  pair(
    "h6-npm-arborist-null-matches",
    "npm",
    "Exit code 1\nnpm ERR! Cannot read properties of null (reading 'matches')\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/dev/.npm/_logs/2025-02-11T09_44_12_031Z-debug-0.log",
    "Exit code 1\nnpm WARN old lockfile The package-lock.json file was created with an old version of npm\nnpm ERR! Cannot read properties of null (reading 'matches')\nnpm ERR! A complete log of this run can be found in: C:\\Users\\tom\\AppData\\Local\\npm-cache\\_logs\\2025-06-02T17_01_40_550Z-debug-0.log",
    "npm arborist choked on a broken tree: delete node_modules and package-lock.json, then npm install again"
  ),
  pair(
    "h6-npm-enoworkspaces",
    "npm",
    "Exit code 1\nnpm ERR! code ENOWORKSPACES\nnpm ERR! This command does not support workspaces.\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/kai/.npm/_logs/2024-09-03T12_00_01_441Z-debug-0.log",
    "Exit code 1\nnpm error code ENOWORKSPACES\nnpm error This command does not support workspaces.\nnpm error A complete log of this run can be found in: /Users/mira/.npm/_logs/2026-10-30T08_12_55_120Z-debug-0.log",
    "a workspaces setting (npmrc workspace=/workspaces=true) is applied to a command that cannot use it: run it with --workspaces=false or remove that setting from .npmrc"
  ),
  // tsc
  pair(
    "h6-ts6133-unused-local",
    "tsc",
    "Exit code 2\nsrc/routes/orders.ts(4,10): error TS6133: 'formatDate' is declared but its value is never read.\n\nFound 1 error in src/routes/orders.ts:4",
    "Exit code 2\nsrc/components/Table.tsx:17:9 - error TS6133: 'sorted' is declared but its value is never read.\n\n17   const sorted = useMemo(() => rows.slice().sort(cmp), [rows]);\n           ~~~~~~\n\nlib/db.ts:2:1 - error TS6133: 'Pool' is declared but its value is never read.\n\n2 import { Pool } from 'pg';\n  ~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 2 errors in 2 files.",
    "noUnusedLocals is on: delete the unused declaration/import (or prefix an intentionally unused parameter with _)"
  ),
  pair(
    "h6-ts7030-not-all-paths",
    "tsc",
    "Exit code 2\nsrc/auth/guard.ts(12,10): error TS7030: Not all code paths return a value.",
    "Exit code 2\nsrc/utils/parse.ts:31:5 - error TS7030: Not all code paths return a value.\n\n31     if (token.kind === 'number') {\n       ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 1 error in src/utils/parse.ts:31",
    "noImplicitReturns is on: add an explicit return (or throw) on the branch that falls off the end of the function"
  ),
  pair(
    "h6-ts2614-default-vs-named",
    "tsc",
    `Exit code 2
src/app.ts:3:10 - error TS2614: Module '"express-rate-limit"' has no exported member 'rateLimit'. Did you mean to use 'import rateLimit from "express-rate-limit"' instead?

3 import { rateLimit } from 'express-rate-limit';
           ~~~~~~~~~

Found 1 error in src/app.ts:3`,
    `Exit code 2
src/server/log.ts(1,10): error TS2614: Module '"./logger"' has no exported member 'Logger'. Did you mean to use 'import Logger from "./logger"' instead?`,
    "the module only has a default export: import it without braces (import X from ...), or add a named export to the module"
  ),
  pair(
    "h6-ts18046-unknown-catch",
    "tsc",
    "Exit code 2\nsrc/jobs/sync.ts:44:19 - error TS18046: 'err' is of type 'unknown'.\n\n44     logger.error(err.message);\n                     ~~~\n\nFound 1 error in src/jobs/sync.ts:44",
    "Exit code 2\npackages/cli/src/index.ts(88,32): error TS18046: 'e' is of type 'unknown'.\npackages/cli/src/index.ts(90,11): error TS18046: 'e' is of type 'unknown'.",
    "catch variables are 'unknown' under strict (useUnknownInCatchVariables): narrow first (if (err instanceof Error) ...) before reading .message"
  ),
  pair(
    "h6-ts2420-implements-missing",
    "tsc",
    "Exit code 2\nsrc/storage/s3.ts:9:14 - error TS2420: Class 'S3Store' incorrectly implements interface 'BlobStore'.\n  Property 'delete' is missing in type 'S3Store' but required in type 'BlobStore'.\n\n9 export class S3Store implements BlobStore {\n               ~~~~~~~\n\n  src/storage/types.ts:6:3\n    6   delete(key: string): Promise<void>;\n        ~~~~~~\n    'delete' is declared here.",
    "Exit code 2\nlib/cache/redis.ts(14,14): error TS2420: Class 'RedisCache' incorrectly implements interface 'Cache<string>'.\n  Type 'RedisCache' is missing the following properties from type 'Cache<string>': ttl, clear",
    "the class does not provide every member of the interface it implements: add the missing methods/properties named in the error with the declared signatures"
  ),
  pair(
    "h6-ts2366-lacks-return",
    "tsc",
    "Exit code 2\nsrc/pricing.ts(20,42): error TS2366: Function lacks ending return statement and return type does not include 'undefined'.",
    "Exit code 2\nsrc/hooks/useTheme.ts:7:41 - error TS2366: Function lacks ending return statement and return type does not include 'undefined'.\n\n7 export function resolveTheme(name: Mode): Theme {\n                                          ~~~~~\n\nFound 1 error in src/hooks/useTheme.ts:7",
    "a code path ends without returning the declared type: add a final return/throw (e.g. a default branch), or add '| undefined' to the return type"
  ),
  // webpack / vite / next
  pair(
    "h6-next-export-generate-static-params",
    "webpack",
    'Exit code 1\n   Creating an optimized production build ...\n \u2713 Compiled successfully\n   Collecting page data  ..Error: Page "/blog/[slug]" is missing "generateStaticParams()" so it cannot be used with "output: export" config.\n    at /home/lea/site/node_modules/next/dist/build/index.js:1295:59\n\n> Build error occurred\nError: Failed to collect page data for /blog/[slug]',
    `Exit code 1
\u25B2 Next.js 15.1.2

   Creating an optimized production build ...
Error: Page "/docs/[...path]" is missing "generateStaticParams()" so it cannot be used with "output: export" config.
    at /workspace/docs-site/node_modules/next/dist/build/index.js:1360:63
> Build error occurred
[Error: Failed to collect page data for /docs/[...path]] { type: 'Error' }`,
    "a dynamic route cannot be statically exported without its params list: export generateStaticParams() from that page (or drop output: 'export')"
  ),
  pair(
    "h6-webpack-html-plugin-template",
    "webpack",
    "Exit code 1\nERROR in   Error: Child compilation failed:\n  Module not found: Error: Can't resolve '/home/raj/app/src/index.html' in '/home/raj/app'\n  ModuleNotFoundError: Module not found: Error: Can't resolve '/home/raj/app/src/index.html' in '/home/raj/app'\n  \n  - compiler.js:135 \n    [app]/[html-webpack-plugin]/lib/compiler.js:135:11",
    "Exit code 1\nassets by status 1.2 MiB [cached] 3 assets\nERROR in   Error: Child compilation failed:\n  Module not found: Error: Can't resolve '/work/ui/public/template.html' in '/work/ui'\n  ModuleNotFoundError: Module not found: Error: Can't resolve '/work/ui/public/template.html' in '/work/ui'\n      at /work/ui/node_modules/webpack/lib/Compilation.js:2092:28\n  \n  - compiler.js:167 \n    [ui]/[html-webpack-plugin]/lib/compiler.js:167:11\n\nwebpack 5.91.0 compiled with 1 error in 2210 ms",
    "HtmlWebpackPlugin's template path does not exist: point the plugin's template option at the real HTML file (path.resolve(__dirname, ...))"
  ),
  pair(
    "h6-webpack-dev-server-invalid-options-https",
    "webpack",
    "Exit code 2\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'https'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, ipc?, liveReload?, onListening?, open?, port?, proxy?, server?, setupExitSignals?, setupMiddlewares?, static?, watchFiles?, webSocketServer? }",
    "Exit code 2\n<i> [webpack-dev-server] Loopback: http://localhost:8081/\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'https'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, http2?, ipc?, liveReload?, magicHtml?, onAfterSetupMiddleware?, open?, port?, proxy?, server?, static?, webSocketServer? }\n    at validate (/home/ci/build/node_modules/webpack-dev-server/node_modules/schema-utils/dist/validate.js:158:11)",
    "webpack-dev-server 5 removed devServer.https: use server: { type: 'https', options: { key, cert } } instead"
  ),
  // python / pip
  pair(
    "h6-py-charmap-decode",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "C:\\Users\\olga\\tools\\import_csv.py", line 14, in <module>
    for row in csv.reader(f):
  File "C:\\Python311\\Lib\\encodings\\cp1252.py", line 23, in decode
    return codecs.charmap_decode(input,self.errors,decoding_table)[0]
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
UnicodeDecodeError: 'charmap' codec can't decode byte 0x9d in position 2841: character maps to <undefined>`,
    `Exit code 1
Traceback (most recent call last):
  File "D:\\work\\scraper\\load.py", line 52, in load_pages
    text = path.read_text()
  File "C:\\Program Files\\Python312\\Lib\\pathlib.py", line 1027, in read_text
    return f.read()
  File "C:\\Program Files\\Python312\\Lib\\encodings\\cp1252.py", line 23, in decode
    return codecs.charmap_decode(input,self.errors,decoding_table)[0]
UnicodeDecodeError: 'charmap' codec can't decode byte 0x81 in position 117: character maps to <undefined>`,
    "Windows opens text files as cp1252 by default: pass encoding='utf-8' to open()/read_text() (or set PYTHONUTF8=1)"
  ),
  pair(
    "h6-py-collections-abc",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/ray/legacy/run.py", line 3, in <module>
    from lib.config import Settings
  File "/home/ray/legacy/lib/config.py", line 9, in <module>
    class Settings(collections.MutableMapping):
AttributeError: module 'collections' has no attribute 'MutableMapping'`,
    `Exit code 1
Traceback (most recent call last):
  File "/opt/svc/venv/lib/python3.11/site-packages/attrdict/__init__.py", line 5, in <module>
    from attrdict.mapping import AttrMap
  File "/opt/svc/venv/lib/python3.11/site-packages/attrdict/mapping.py", line 4, in <module>
    from collections import Mapping
ImportError: cannot import name 'Mapping' from 'collections' (/usr/lib/python3.11/collections/__init__.py)`,
    "the ABCs left the collections module in Python 3.10: import them from collections.abc (or upgrade/replace the old library doing the import)"
  ),
  pair(
    "h6-py-matplotlib-no-display",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/ci/report/plot.py", line 21, in <module>\n    fig = plt.figure(figsize=(8, 4))\n  File "/usr/lib/python3/dist-packages/matplotlib/pyplot.py", line 693, in figure\n    figManager = new_figure_manager(num, figsize=figsize,\n  File "/usr/lib/python3.8/tkinter/__init__.py", line 2270, in __init__\n    self.tk = _tkinter.create(screenName, baseName, className, interactive, wantobjects, useTk, sync, use)\n_tkinter.TclError: no display name and no $DISPLAY environment variable',
    `Exit code 1
Traceback (most recent call last):
  File "/srv/jobs/weekly_chart.py", line 40, in main
    plt.subplots(2, 1)
  File "/srv/jobs/.venv/lib/python3.12/site-packages/matplotlib/pyplot.py", line 1759, in subplots
    fig = figure(**fig_kw)
  File "/usr/local/lib/python3.12/tkinter/__init__.py", line 2346, in __init__
    self.tk = _tkinter.create(screenName, baseName, className, interactive, wantobjects, useTk, sync, use)
_tkinter.TclError: couldn't connect to display "localhost:10.0"`,
    "matplotlib picked the Tk GUI backend on a headless machine: use the non-GUI backend (MPLBACKEND=Agg, or matplotlib.use('Agg') before importing pyplot)"
  ),
  pair(
    "h6-py-dtype-size-changed",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/zoe/nb/train.py", line 2, in <module>\n    import pandas as pd\n  File "/home/zoe/nb/.venv/lib/python3.10/site-packages/pandas/__init__.py", line 22, in <module>\n    from pandas.compat import is_numpy_dev as _is_numpy_dev  # pyright: ignore # noqa:F401\n  File "pandas/_libs/interval.pyx", line 1, in init pandas._libs.interval\nValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject',
    'Exit code 1\nTraceback (most recent call last):\n  File "/app/main.py", line 5, in <module>\n    from sklearn.ensemble import RandomForestClassifier\n  File "sklearn/utils/murmurhash.pyx", line 1, in init sklearn.utils.murmurhash\nValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject',
    "a compiled package was built against a different numpy than the one installed: pin numpy to the major version it was built for (e.g. numpy<2) or reinstall the package built for the installed numpy"
  ),
  pair(
    "h6-conda-init-before-activate",
    "python",
    "Exit code 1\n\nCommandNotFoundError: Your shell has not been properly configured to use 'conda activate'.\nTo initialize your shell, run\n\n    $ conda init <SHELL_NAME>\n\nCurrently supported shells are:\n  - bash\n  - fish\n  - tcsh\n  - xonsh\n  - zsh\n  - powershell\n\nSee 'conda init --help' for more information and options.\n\nIMPORTANT: You may need to close and restart your shell after running 'conda init'.",
    "Exit code 1\nCondaError: Run 'conda init' before 'conda activate'",
    'the non-interactive shell has no conda shell hook: run eval "$(conda shell.bash hook)" first (or conda run -n <env> <cmd>) instead of conda activate'
  ),
  pair(
    "h6-pydantic-v2-regex-pattern",
    "python",
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/max/api/app/schemas.py", line 11, in <module>\n    class Signup(BaseModel):\n  File "/home/max/api/app/schemas.py", line 12, in Signup\n    username: str = Field(..., regex=r"^[a-z0-9_]{3,20}$")\n  File "/home/max/api/.venv/lib/python3.11/site-packages/pydantic/fields.py", line 757, in Field\n    raise PydanticUserError(\'`regex` is removed. use `pattern` instead\', code=\'removed-kwargs\')\npydantic.errors.PydanticUserError: `regex` is removed. use `pattern` instead\n\nFor further information visit https://errors.pydantic.dev/2.5/u/removed-kwargs',
    'Exit code 1\n  File "/srv/billing/models/invoice.py", line 30, in Invoice\n    number: constr(regex=r\'^INV-\\d{6}$\')\n  File "/srv/billing/venv/lib/python3.12/site-packages/pydantic/types.py", line 770, in constr\npydantic.errors.PydanticUserError: `regex` is removed. use `pattern` instead\n\nFor further information visit https://errors.pydantic.dev/2.9/u/removed-kwargs',
    "Pydantic v2 renamed regex= to pattern= in Field()/constr(): replace regex= with pattern="
  ),
  pair(
    "h6-sqlalchemy2-text",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/ann/etl/check.py", line 9, in <module>
    conn.execute("SELECT 1")
  File "/home/ann/etl/.venv/lib/python3.11/site-packages/sqlalchemy/engine/base.py", line 1412, in execute
    raise exc.ObjectNotExecutableError(statement) from err
sqlalchemy.exc.ObjectNotExecutableError: Not an executable object: 'SELECT 1'`,
    `Exit code 1
Traceback (most recent call last):
  File "/app/migrate_data.py", line 77, in copy_rows
    rows = session.execute("select id, email from users where active").all()
  File "/usr/local/lib/python3.12/site-packages/sqlalchemy/orm/session.py", line 2351, in execute
sqlalchemy.exc.ArgumentError: Textual SQL expression 'select id, email from users where active' should be explicitly declared as text('select id, email from users where active')`,
    "SQLAlchemy 2.0 no longer runs plain strings: wrap raw SQL in sqlalchemy.text(...) before execute()"
  ),
  // pytest
  pair(
    "h6-pytest-magicmock-await",
    "pytest",
    `Exit code 1
____________________________ test_fetch_user ____________________________

mock_client = <MagicMock name='client' id='140331'>

    async def test_fetch_user(mock_client):
>       user = await service.fetch_user(42)

tests/test_service.py:18: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
app/service.py:11: in fetch_user
    resp = await self.client.get(f"/users/{uid}")
E   TypeError: object MagicMock can't be used in 'await' expression
=========================== short test summary info ===========================
FAILED tests/test_service.py::test_fetch_user - TypeError: object MagicMock can't be used in 'await' expression`,
    "Exit code 1\nFAILED tests/unit/test_notifier.py::TestNotifier::test_sends - TypeError: object MagicMock can't be used in 'await' expression\nFAILED tests/unit/test_notifier.py::TestNotifier::test_retries - TypeError: object MagicMock can't be used in 'await' expression\n2 failed, 57 passed in 3.81s",
    "the patched coroutine is a plain MagicMock: patch it with AsyncMock (patch(..., new_callable=AsyncMock)) so awaiting it works"
  ),
  pair(
    "h6-pytest-django-sync-only",
    "pytest",
    "Exit code 1\nE   django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.\n\n.venv/lib/python3.11/site-packages/django/utils/asyncio.py:24: SynchronousOnlyOperation\n=========================== short test summary info ============================\nFAILED shop/tests/test_async_views.py::test_cart_total - django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.",
    "Exit code 1\n    async def test_list(self):\n>       items = list(Item.objects.filter(owner=self.user))\n\napi/tests/test_items.py:40: \n/usr/local/lib/python3.12/site-packages/django/db/backends/base/base.py:271: in connect\n    self.check_settings()\nE   django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.\n1 failed, 12 passed in 2.10s",
    "the ORM is called synchronously inside async code: use the async ORM methods (aget/afilter iteration) or wrap the call in sync_to_async"
  ),
  pair(
    "h6-pytest-xpass-strict",
    "pytest",
    "Exit code 1\n=================================== FAILURES ===================================\n____________________________ test_unicode_slug _____________________________\n[XPASS(strict)] slug breaks on unicode (#211)\n=========================== short test summary info ============================\nFAILED tests/test_slug.py::test_unicode_slug\n1 failed, 40 passed in 0.55s",
    "Exit code 1\nFAILED tests/parsers/test_dates.py::test_iso_week - [XPASS(strict)] known bug in week parsing\n1 failed, 118 passed, 3 xfailed in 4.02s",
    "a test marked xfail(strict=True) now passes: remove the xfail marker (the bug it tracked is fixed)"
  ),
  pair(
    "h6-pytest-parametrize-no-argument",
    "pytest",
    "Exit code 2\n==================================== ERRORS ====================================\n___________________ ERROR collecting tests/test_math.py ___________________\nIn test_add: function uses no argument 'expected'\n=========================== short test summary info ============================\nERROR tests/test_math.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!",
    "Exit code 2\n_____________ ERROR collecting tests/api/test_validation.py ______________\nIn test_rejects_bad_email: function uses no argument 'reason'\nERROR tests/api/test_validation.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n1 error in 0.91s",
    "the names in @pytest.mark.parametrize must all be parameters of the test function: add the missing parameter to the def (or drop it from the parametrize names)"
  ),
  pair(
    "h6-pytest-hypothesis-too-slow",
    "pytest",
    "Exit code 1\nE   hypothesis.errors.FailedHealthCheck: Data generation is extremely slow: Only produced 7 valid examples in 1.17 seconds (0 invalid ones and 3 exceeded maximum size). Try decreasing size of the data you're generating (with e.g. max_size or max_leaves parameters).\nE   See https://hypothesis.readthedocs.io/en/latest/healthchecks.html for more information about this. If you want to disable just this health check, add HealthCheck.too_slow to the suppress_health_check settings for this test.\nFAILED tests/test_tree.py::test_roundtrip - hypothesis.errors.FailedHealthCheck",
    "Exit code 1\nFAILED tests/prop/test_codec.py::test_encode_decode - hypothesis.errors.FailedHealthCheck: Data generation is extremely slow: Only produced 4 valid examples in 1.52 seconds (12 invalid ones and 0 exceeded maximum size). Try decreasing size of the data you're generating (with e.g. max_size or max_leaves parameters).\n1 failed, 63 passed in 9.74s",
    "hypothesis strategies are too slow to generate: bound them (max_size=..., fewer filters) or add HealthCheck.too_slow to suppress_health_check in @settings"
  ),
  // go
  pair(
    "h6-go-found-packages",
    "go",
    "Exit code 1\nfound packages main (main.go) and helpers (helpers.go) in /home/dan/tools/cleanup",
    "Exit code 1\ngo: downloading github.com/spf13/cobra v1.8.0\ncmd/server/routes.go:1:1: found packages server (routes.go) and main (main.go) in /Users/kim/src/github.com/kim/shop/cmd/server",
    "every .go file in one directory must declare the same package: fix the package clause of the odd file (or move it to its own directory)"
  ),
  pair(
    "h6-go-internal-package",
    "go",
    "Exit code 1\nmain.go:7:2: use of internal package github.com/acme/platform/internal/auth not allowed",
    "Exit code 1\ngo: finding module for package github.com/hashicorp/vault/sdk/internal/utils\npkg/secrets/client.go:12:2: use of internal package github.com/hashicorp/vault/sdk/internal/utils not allowed",
    "packages under an internal/ directory can only be imported from inside the tree rooted at its parent: use the module's public API instead (or move the code out of internal/ if it is your own)"
  ),
  pair(
    "h6-go-private-module-prompt",
    "go",
    "Exit code 1\ngo: github.com/acme/billing-sdk@v0.4.2: verifying module: github.com/acme/billing-sdk@v0.4.2: reading https://sum.golang.org/lookup/github.com/acme/billing-sdk@v0.4.2: 404 Not Found\n	server response:\n	not found: github.com/acme/billing-sdk@v0.4.2: invalid version: git ls-remote -q origin in /tmp/gopath/pkg/mod/cache/vcs/6c1f...: exit status 128:\n		fatal: could not read Username for 'https://github.com': terminal prompts disabled",
    'Exit code 1\ngo: downloading gitlab.example.com/infra/shared v1.9.0\ngo: gitlab.example.com/infra/shared@v1.9.0: reading https://proxy.golang.org/gitlab.example.com/infra/shared/@v/v1.9.0.mod: 404 Not Found\n	server response:\n	not found: gitlab.example.com/infra/shared@v1.9.0: unrecognized import path "gitlab.example.com/infra/shared": https fetch: Get "https://gitlab.example.com/infra/shared?go-get=1": dial tcp: lookup gitlab.example.com: no such host',
    "a private module is being fetched through the public proxy/sum DB: set GOPRIVATE=<your host or org> (and git credentials for it) so go fetches it directly"
  ),
  pair(
    "h6-go-errcheck",
    "go",
    "Exit code 1\ninternal/store/file.go:41:13: Error return value of `f.Close` is not checked (errcheck)\n	defer f.Close()\n	           ^\n1 issues:\n* errcheck: 1",
    'Exit code 1\nlevel=warning msg="[config_reader] The configuration option `run.skip-dirs` is deprecated"\ncmd/api/main.go:88:17: Error return value of `srv.Shutdown` is not checked (errcheck)\n	srv.Shutdown(ctx)\n	           ^\npkg/mail/smtp.go:23:12: Error return value of `w.Write` is not checked (errcheck)\n	w.Write(body)\n	       ^\n2 issues:\n* errcheck: 2',
    "golangci-lint errcheck: handle the returned error (if err := x(); err != nil {...}) or explicitly discard it with _ ="
  ),
  pair(
    "h6-go-assign-map-struct-field",
    "go",
    "Exit code 1\n# example.com/inventory/internal/stock\ninternal/stock/stock.go:27:3: cannot assign to struct field s.items[sku].Qty in map",
    "Exit code 1\n# github.com/lena/gamesrv/world\nworld/players.go:54:2: cannot assign to struct field w.players[id].Score in map\nworld/players.go:61:2: cannot assign to struct field w.players[id].LastSeen in map",
    "map values are not addressable: copy the struct out, modify it and store it back (v := m[k]; v.F = x; m[k] = v), or keep pointers in the map"
  ),
  pair(
    "h6-go-mismatched-int-types",
    "go",
    "Exit code 1\n# example.com/metrics\n./agg.go:19:16: invalid operation: total + n (mismatched types int64 and int)",
    "Exit code 1\n# github.com/ops/quota/limiter\nlimiter/bucket.go:44:21: invalid operation: b.tokens * rate (mismatched types float64 and int)\nlimiter/bucket.go:52:9: invalid operation: elapsed > b.window (mismatched types time.Duration and int64)",
    "Go never converts numeric types implicitly: convert one operand explicitly (int64(n), float64(x), time.Duration(v)) so both sides have the same type"
  ),
  pair(
    "h6-go-loopvar-goroutine-vet",
    "go",
    "Exit code 1\n# example.com/crawler\n./crawl.go:33:17: loop variable u captured by func literal",
    "Exit code 1\n# github.com/team/batch/worker\nworker/pool.go:71:22: loop variable job captured by func literal\nworker/pool.go:72:10: loop variable job captured by func literal",
    "go vet loopclosure (Go < 1.22): shadow the variable inside the loop (job := job) or pass it as an argument to the goroutine/closure (or set go 1.22 in go.mod)"
  ),
  // cargo / rust
  pair(
    "h6-rust-e0412-hashmap",
    "cargo",
    'Exit code 101\n   Compiling wordcount v0.1.0 (/home/eve/wordcount)\nerror[E0412]: cannot find type `HashMap` in this scope\n --> src/main.rs:4:16\n  |\n4 | fn count(s: &str) -> HashMap<String, usize> {\n  |                      ^^^^^^^ not found in this scope\n  |\nhelp: consider importing this struct\n  |\n1 + use std::collections::HashMap;\n  |\n\nFor more information about this error, try `rustc --explain E0412`.\nerror: could not compile `wordcount` (bin "wordcount") due to 1 previous error',
    "Exit code 101\n   Compiling cache v0.3.1 (/Users/ola/work/cache)\nerror[E0412]: cannot find type `HashMap` in this scope\n  --> src/lru.rs:12:12\n   |\n12 |     index: HashMap<K, usize>,\n   |            ^^^^^^^ not found in this scope\n   |\nhelp: consider importing one of these items\n   |\n1  + use std::collections::HashMap;\n   |\n1  + use hashbrown::HashMap;\n   |\nerror: could not compile `cache` (lib) due to 1 previous error",
    "add use std::collections::HashMap; at the top of the module"
  ),
  pair(
    "h6-rust-e0063-missing-field",
    "cargo",
    "Exit code 101\nerror[E0063]: missing field `created_at` in initializer of `User`\n  --> src/db/users.rs:48:9\n   |\n48 |         User {\n   |         ^^^^ missing `created_at`\n\nerror: could not compile `api` (lib) due to 1 previous error",
    'Exit code 101\n   Compiling render v0.9.0 (/work/render)\nerror[E0063]: missing fields `samples` and `tone_map` in initializer of `Config`\n   --> src/cli.rs:102:5\n    |\n102 |     Config {\n    |     ^^^^^^ missing `samples` and `tone_map`\n\nFor more information about this error, try `rustc --explain E0063`.\nerror: could not compile `render` (bin "render") due to 1 previous error',
    "a struct literal must set every field: add the missing fields named in the error, or finish with ..Default::default() if the struct implements Default"
  ),
  pair(
    "h6-cargo-no-manifest",
    "cargo",
    "Exit code 101\nerror: could not find `Cargo.toml` in `/home/ivan/projects` or any parent directory",
    "Exit code 101\nerror: could not find `Cargo.toml` in `C:\\Users\\amy\\Desktop\\rust-book` or any parent directory",
    "cargo was run outside the crate: cd into the directory that contains Cargo.toml (or pass --manifest-path path/to/Cargo.toml)"
  ),
  pair(
    "h6-rust-e0117-orphan",
    "cargo",
    "Exit code 101\nerror[E0117]: only traits defined in the current crate can be implemented for types defined outside of the crate\n --> src/fmt.rs:5:1\n  |\n5 | impl fmt::Display for Vec<Point> {\n  | ^^^^^^^^^^^^^^^^^^^^^^----------\n  | |                     |\n  | |                     `Vec` is not defined in the current crate\n  | impl doesn't use only types from inside the current crate\n  |\n  = note: define and implement a trait or new type instead\n\nerror: could not compile `geo` (lib) due to 1 previous error",
    "Exit code 101\nerror[E0117]: only traits defined in the current crate can be implemented for types defined outside of the crate\n  --> src/convert.rs:21:1\n   |\n21 | impl From<chrono::NaiveDate> for String {\n   | ^^^^^-----------------------^^^^^------\n   |      |                           |\n   |      |                           `String` is not defined in the current crate\n   |      `NaiveDate` is not defined in the current crate\n   = note: define and implement a trait or new type instead",
    "orphan rule: wrap the foreign type in a local newtype (struct Wrapper(T)) and implement the trait for the wrapper, or use a local trait"
  ),
  pair(
    "h6-rust-e0728-await-outside-async",
    "cargo",
    "Exit code 101\nerror[E0728]: `await` is only allowed inside `async` functions and blocks\n  --> src/main.rs:9:38\n   |\n8  | fn main() {\n   | --------- this is not `async`\n9  |     let body = reqwest::get(url).await?.text().await?;\n   |                                      ^^^^^ only allowed inside `async` functions and blocks",
    'Exit code 101\n   Compiling bot v0.2.0 (/srv/bot)\nerror[E0728]: `await` is only allowed inside `async` functions and blocks\n   --> src/handlers.rs:57:41\n    |\n55  | pub fn on_message(ctx: &Context, msg: Message) {\n    | ---------------------------------------------- this is not `async`\n56  |     let reply = build_reply(&msg);\n57  |     ctx.send(reply).await.unwrap();\n    |                     ^^^^^ only allowed inside `async` functions and blocks\nerror: could not compile `bot` (bin "bot") due to 1 previous error',
    "make the enclosing function async (for main: #[tokio::main] async fn main) or run the future with a runtime block_on"
  ),
  pair(
    "h6-cargo-no-bin-target",
    "cargo",
    "Exit code 101\nerror: no bin target named `server`.\nAvailable bin targets:\n    api\n    migrate",
    "Exit code 101\nerror: no bin target named `cli` in default-run packages\nhelp: available bin targets:\n    tool\n    bench-runner",
    "cargo run --bin must name an existing binary target: use one of the listed names (or add a [[bin]] / src/bin/<name>.rs for it)"
  ),
  // git
  pair(
    "h6-git-push-checked-out-branch",
    "git",
    "Exit code 1\nremote: error: refusing to update checked out branch: refs/heads/main\nremote: error: By default, updating the current branch in a non-bare repository\nremote: is denied, because it will make the index and work tree inconsistent\nremote: with what you pushed, and will require 'git reset --hard' to match\nremote: the work tree to HEAD.\nTo /srv/git/site\n ! [remote rejected] main -> main (branch is currently checked out)\nerror: failed to push some refs to '/srv/git/site'",
    "Exit code 1\nremote: error: refusing to update checked out branch: refs/heads/master\nremote: error: By default, updating the current branch in a non-bare repository\nremote: is denied, because it will make the index and work tree inconsistent\nTo ssh://deploy@10.0.4.12/home/deploy/app\n ! [remote rejected] master -> master (branch is currently checked out)\nerror: failed to push some refs to 'ssh://deploy@10.0.4.12/home/deploy/app'",
    "the remote is a non-bare repo with that branch checked out: push to a bare repository, or set git config receive.denyCurrentBranch updateInstead on the remote"
  ),
  pair(
    "h6-git-am-patch-does-not-apply",
    "git",
    `Exit code 128
Applying: Fix race in cache eviction
error: patch failed: src/cache.c:212
error: src/cache.c: patch does not apply
Patch failed at 0001 Fix race in cache eviction
hint: Use 'git am --show-current-patch=diff' to see the failed patch
When you have resolved this problem, run "git am --continue".
If you prefer to skip this patch, run "git am --skip" instead.
To restore the original branch and stop patching, run "git am --abort".`,
    `Exit code 128
Applying: docs: update install steps
Applying: build: bump zlib to 1.3.1
error: patch failed: cmake/deps.cmake:40
error: cmake/deps.cmake: patch does not apply
Patch failed at 0002 build: bump zlib to 1.3.1
hint: Use 'git am --show-current-patch=diff' to see the failed patch
hint: When you have resolved this problem, run "git am --continue".`,
    "the patch's context does not match the tree: retry with git am -3 (three-way merge), fix the conflicts and git am --continue (or git am --abort)"
  ),
  pair(
    "h6-git-sparse-checkout-outside",
    "git",
    'Exit code 1\nThe following paths and/or pathspecs matched paths that exist\noutside of your sparse-checkout definition, so will not be\nupdated in the index:\ndocs/architecture.md\nhint: If you intend to update such entries, try one of the following:\nhint: * Use the --sparse option.\nhint: * Disable or modify the sparsity rules.\nhint: Disable this message with "git config advice.updateSparsePath false"',
    "Exit code 1\nThe following paths and/or pathspecs matched paths that exist\noutside of your sparse-checkout definition, so will not be\nupdated in the index:\nservices/billing/Makefile\nservices/billing/go.mod\nhint: If you intend to update such entries, try one of the following:\nhint: * Use the --sparse option.\nhint: * Disable or modify the sparsity rules.",
    "the path is outside the sparse-checkout cone: git sparse-checkout add <dir> first (or git add --sparse)"
  ),
  pair(
    "h6-git-bisect-bad-good",
    "git",
    "Exit code 1\nSome good revs are not ancestors of the bad rev.\ngit bisect cannot work properly in this case.\nMaybe you mistook good and bad revs?",
    "Exit code 1\nstatus: waiting for good commit(s), bad commit known\nSome good revs are not ancestors of the bad rev.\ngit bisect cannot work properly in this case.\nMaybe you mistook good and bad revs?",
    "good and bad are swapped (or on unrelated branches): git bisect reset and start again with the older working commit as good and the newer broken one as bad"
  ),
  pair(
    "h6-git-filter-repo-fresh-clone",
    "git",
    "Exit code 1\nAborting: Refusing to destructively overwrite repo history since\nthis does not look like a fresh clone.\n  (expected freshly packed repo)\nPlease operate on a fresh clone instead.  If you want to proceed\nanyway, use --force.",
    "Exit code 1\nAborting: Refusing to destructively overwrite repo history since\nthis does not look like a fresh clone.\n  (you have untracked changes)\nPlease operate on a fresh clone instead.  If you want to proceed\nanyway, use --force.",
    "git filter-repo only rewrites fresh clones: run it in a new git clone --no-local of the repo (or pass --force if you accept the risk)"
  ),
  pair(
    "h6-git-commit-empty-message",
    "git",
    "Exit code 1\nhint: Waiting for your editor to close the file... error: There was a problem with the editor 'vi'.\nPlease supply the message using either -m or -F option.",
    "Exit code 1\nerror: cannot run code: No such file or directory\nerror: unable to start editor 'code --wait'\nPlease supply the message using either -m or -F option.",
    'no usable editor in this non-interactive shell: pass the message with git commit -m "..." (or -F file)'
  ),
  pair(
    "h6-git-safe-crlf",
    "git",
    "Exit code 128\nfatal: LF would be replaced by CRLF in scripts/deploy.sh",
    "Exit code 128\nwarning: in the working copy of 'src/main.c', LF will be replaced by CRLF the next time Git touches it\nfatal: CRLF would be replaced by LF in config/app.ini",
    "core.safecrlf=true rejects the line-ending conversion: normalise the file line endings (or set core.autocrlf/.gitattributes eol consistently, or core.safecrlf=warn)"
  ),
  // ssl / network / ssh
  pair(
    "h6-curl-26-form-file",
    "ssl",
    "Exit code 26\ncurl: (26) Failed to open/read local data from file/application",
    "Exit code 26\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\ncurl: (26) Failed to open/read local data from file/application",
    "the file given to -F/--data @file does not exist from the current directory: fix the path after the @ (absolute path or cd first)"
  ),
  pair(
    "h6-ssh-agent-refused",
    "ssl",
    'Exit code 255\nsign_and_send_pubkey: signing failed for RSA "/home/nina/.ssh/id_rsa" from agent: agent refused operation\ngit@github.com: Permission denied (publickey).',
    'Exit code 255\nsign_and_send_pubkey: signing failed for ED25519 "ci@buildbox" from agent: agent refused operation\ndeploy@203.0.113.40: Permission denied (publickey).',
    "the ssh-agent holds the key but cannot use it (locked/expired or wrong permissions): re-add it with ssh-add <key> after chmod 600 on the key file"
  ),
  pair(
    "h6-ssh-too-many-auth-failures",
    "ssl",
    "Exit code 255\nReceived disconnect from 192.168.1.20 port 22:2: Too many authentication failures\nDisconnected from 192.168.1.20 port 22",
    "Exit code 255\nwarning: Permanently added 'build01.internal' (ED25519) to the list of known hosts.\nReceived disconnect from 10.20.0.7 port 2222:2: Too many authentication failures\nDisconnected from authenticating user ops 10.20.0.7 port 2222",
    "the agent offers too many keys before the right one: pass the key with -i <key> -o IdentitiesOnly=yes (or set IdentitiesOnly yes for that Host in ~/.ssh/config)"
  ),
  pair(
    "h6-wget-le-old-root",
    "ssl",
    "Exit code 5\n--2021-10-01 08:12:41--  https://get.example.org/install.sh\nResolving get.example.org... 104.21.3.9\nConnecting to get.example.org|104.21.3.9|:443... connected.\nERROR: cannot verify get.example.org's certificate, issued by 'CN=R3,O=Let\\'s Encrypt,C=US':\n  Issued certificate has expired.\nTo connect to get.example.org insecurely, use `--no-check-certificate'.",
    "Exit code 5\n--2022-03-14 15:40:02--  https://downloads.acme.dev/cli/latest.tar.gz\nConnecting to downloads.acme.dev (downloads.acme.dev)|185.199.1.5|:443... connected.\nERROR: cannot verify downloads.acme.dev's certificate, issued by \u2018CN=R3,O=Let's Encrypt,C=US\u2019:\n  Issued certificate has expired.\nTo connect to downloads.acme.dev insecurely, use `--no-check-certificate'.",
    "the old system trusts the expired DST Root CA X3 chain for Let's Encrypt: update ca-certificates (and openssl) so ISRG Root X1 is used"
  ),
  // db
  pair(
    "h6-mysql-fk-incompatible-columns",
    "db",
    "Exit code 1\nERROR 3780 (HY000) at line 14: Referencing column 'user_id' and referenced column 'id' in foreign key constraint 'orders_user_id_fk' are incompatible.",
    "Exit code 1\n  SQLSTATE[HY000]: General error: 3780 Referencing column 'team_id' and referenced column 'id' in foreign key constraint 'projects_team_id_foreign' are incompatible. (Connection: mysql, SQL: alter table `projects` add constraint `projects_team_id_foreign` foreign key (`team_id`) references `teams` (`id`) on delete cascade)",
    "the FK column and the referenced column must have the exact same type: make both BIGINT UNSIGNED (or both INT, same signedness/charset)"
  ),
  pair(
    "h6-mysql-zero-date",
    "db",
    "Exit code 1\nERROR 1292 (22007) at line 3: Incorrect datetime value: '0000-00-00 00:00:00' for column 'deleted_at' at row 1",
    "Exit code 1\nmysqldump: [Warning] Using a password on the command line interface can be insecure.\nERROR 1067 (42000) at line 88: Invalid default value for 'updated_at'",
    "strict sql_mode (NO_ZERO_DATE) rejects zero dates: use NULL (DEFAULT NULL) instead of '0000-00-00', or drop NO_ZERO_DATE/NO_ZERO_IN_DATE from sql_mode for the import"
  ),
  pair(
    "h6-mysql-host-not-allowed",
    "db",
    "Exit code 1\nERROR 1130 (HY000): Host '172.18.0.5' is not allowed to connect to this MySQL server",
    `Exit code 1
Traceback (most recent call last):
  File "/app/db.py", line 8, in connect
    return pymysql.connect(host=HOST, user='app', password=PW)
pymysql.err.OperationalError: (1130, "Host '10.244.1.17' is not allowed to connect to this MySQL server")`,
    "the MySQL account only exists for localhost: CREATE USER 'user'@'%' (or that host/subnet) and GRANT it the privileges"
  ),
  pair(
    "h6-pg-datadir-incompatible",
    "db",
    "Exit code 1\npostgres-1  | PostgreSQL Database directory appears to contain a database; Skipping initialization\npostgres-1  | 2024-06-01 10:22:01.114 UTC [1] FATAL:  database files are incompatible with server\npostgres-1  | 2024-06-01 10:22:01.114 UTC [1] DETAIL:  The data directory was initialized by PostgreSQL version 15, which is not compatible with this version 16.3 (Debian 16.3-1.pgdg120+1).\npostgres-1 exited with code 1",
    "Exit code 1\n2026-03-02 08:00:12.345 CET [48211] FATAL:  database files are incompatible with server\n2026-03-02 08:00:12.345 CET [48211] DETAIL:  The data directory was initialized by PostgreSQL version 14, which is not compatible with this version 17.2.",
    "the data directory belongs to an older major version: run the old major version again, or migrate the data (pg_upgrade, or pg_dumpall from the old server and restore into the new)"
  ),
  pair(
    "h6-pg-on-conflict-no-constraint",
    "db",
    "Exit code 1\nERROR:  there is no unique or exclusion constraint matching the ON CONFLICT specification",
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/sync/upsert.py", line 41, in upsert\n    cur.execute(SQL, row)\npsycopg2.errors.InvalidColumnReference: there is no unique or exclusion constraint matching the ON CONFLICT specification',
    "ON CONFLICT (cols) needs a unique index/constraint on exactly those columns: create it (CREATE UNIQUE INDEX ... ON t (cols)) or change the conflict target"
  ),
  pair(
    "h6-pg-unique-index-duplicates",
    "db",
    'Exit code 1\nERROR:  could not create unique index "users_email_key"\nDETAIL:  Key (email)=(ana@example.com) is duplicated.',
    'Exit code 1\n== 20260301120000 AddUniqueIndexToSlugs: migrating ==========================\n-- add_index(:articles, :slug, {:unique=>true})\nrake aborted!\nStandardError: An error has occurred, this and all later migrations canceled:\n\nPG::UniqueViolation: ERROR:  could not create unique index "index_articles_on_slug"\nDETAIL:  Key (slug)=(hello-world) is duplicated.',
    "existing rows already violate the new unique index: delete or merge the duplicate rows first, then create the index"
  ),
  pair(
    "h6-sqlite-malformed",
    "db",
    "Exit code 11\nError: near line 1: database disk image is malformed (11)",
    `Exit code 1
Traceback (most recent call last):
  File "/home/li/notes/app.py", line 30, in load
    cur.execute('SELECT * FROM notes ORDER BY updated DESC')
sqlite3.DatabaseError: database disk image is malformed`,
    "the SQLite file is corrupt: rebuild it with sqlite3 old.db .recover | sqlite3 new.db (or restore a backup) and use the new file"
  ),
  pair(
    "h6-sqlite-fk-failed",
    "db",
    "Exit code 19\nRuntime error near line 4: FOREIGN KEY constraint failed (19)",
    "Exit code 1\nError: SQLITE_CONSTRAINT: FOREIGN KEY constraint failed\n    at Statement.run (/home/jon/api/node_modules/better-sqlite3/lib/methods/wrappers.js:5:21)\n    at createComment (/home/jon/api/src/comments.js:22:8) {\n  code: 'SQLITE_CONSTRAINT_FOREIGNKEY'\n}",
    "the row references a parent that does not exist (or deletes a parent still referenced): insert the parent row first / delete children first, with the right ids"
  ),
  pair(
    "h6-sqlite-unable-to-open",
    "db",
    `Exit code 1
Traceback (most recent call last):
  File "/home/ci/app/init_db.py", line 6, in <module>
    conn = sqlite3.connect('data/app.db')
sqlite3.OperationalError: unable to open database file`,
    "Exit code 1\n[Error: SQLITE_CANTOPEN: unable to open database file] {\n  errno: 14,\n  code: 'SQLITE_CANTOPEN'\n}\n\nNode.js v20.10.0",
    "the database's directory does not exist (or is not writable) from the current working directory: create the directory (mkdir -p) or use an absolute path"
  ),
  pair(
    "h6-sqlite-too-many-variables",
    "db",
    "Exit code 1\nsqlite3.OperationalError: too many SQL variables",
    "Exit code 1\nError: SQLITE_ERROR: too many SQL variables\n    at Database.prepare (/srv/app/node_modules/better-sqlite3/lib/methods/wrappers.js:5:21)\n    at bulkInsert (/srv/app/src/import.js:48:20)",
    "one statement has more bound parameters than SQLite allows: split the IN list / bulk insert into smaller batches"
  ),
  // shell
  pair(
    "h6-sh-binary-operator-expected",
    "shell",
    "Exit code 2\n./build.sh: line 12: [: /home/sam/My Projects/out: binary operator expected",
    "Exit code 1\ndeploy.sh: line 41: [: release notes.txt: binary operator expected",
    'an unquoted variable with spaces splits into several words inside [ ]: quote it ([ -d "$dir" ]) or use [[ ]]'
  ),
  pair(
    "h6-sh-integer-expression",
    "shell",
    "Exit code 2\n./check.sh: line 9: [: 87%: integer expression expected",
    'Exit code 2\nretry.sh: line 15: [: "3\\r": integer expression expected',
    'the value compared with -lt/-gt is not a bare integer: strip the extra characters first (e.g. ${v%\\%}, tr -d "\\r ") before comparing'
  ),
  pair(
    "h6-sh-rm-is-directory",
    "shell",
    "Exit code 1\nrm: cannot remove 'dist': Is a directory",
    "Exit code 1\nrm: cannot remove '/tmp/build-4821/cache': Is a directory\nrm: cannot remove '/tmp/build-4821/logs': Is a directory",
    "plain rm does not delete directories: use rm -r (rm -rf) on the directory"
  ),
  pair(
    "h6-sh-mkdir-parents",
    "shell",
    "Exit code 1\nmkdir: cannot create directory \u2018out/reports/2024\u2019: No such file or directory",
    "Exit code 1\nmkdir: /Users/ken/backups/db/daily: No such file or directory",
    "the parent directories do not exist yet: use mkdir -p"
  ),
  pair(
    "h6-sh-sed-unknown-option-s",
    "shell",
    "Exit code 1\nsed: -e expression #1, char 22: unknown option to `s'",
    `Exit code 1
sed: 1: "s/BASE_URL/https://api ...": bad flag in substitute command: '/'`,
    "the replacement contains the / delimiter (e.g. a path or URL): use another delimiter such as s|old|new| (or escape the slashes)"
  ),
  pair(
    "h6-sh-grep-unmatched-bracket",
    "shell",
    "Exit code 2\ngrep: Unmatched [, [^, [:, [., or [=",
    "Exit code 2\ngrep: brackets ([ ]) not balanced",
    "the search text has a [ that grep reads as a regex bracket: search it as a fixed string with grep -F (or escape the [)"
  ),
  pair(
    "h6-sh-readlink-f-macos",
    "shell",
    "Exit code 1\nreadlink: illegal option -- f\nusage: readlink [-n] [file ...]",
    "Exit code 1\n./scripts/bootstrap.sh: line 3: cd: : No such file or directory\nreadlink: illegal option -- f\nusage: readlink [-n] [file ...]",
    "old macOS readlink has no -f: use realpath (or greadlink -f from coreutils)"
  ),
  pair(
    "h6-sh-timeout-builtin",
    "shell",
    "Exit code 127\ntimeout: failed to run command \u2018cd\u2019: No such file or directory",
    "Exit code 127\nsudo: source: command not found",
    'that is a shell builtin, not a program, so timeout/sudo cannot exec it: wrap it in a shell (timeout 10 bash -c "cd x && ...")'
  ),
  // docker
  pair(
    "h6-docker-not-a-tty",
    "docker",
    "Exit code 1\nthe input device is not a TTY",
    "Exit code 1\nthe input device is not a TTY.  If you are using mintty, try prefixing the command with 'winpty'",
    "docker run/exec -t needs a terminal: drop -t (keep -i only if you pipe input) in scripts and CI"
  ),
  pair(
    "h6-docker-external-network-missing",
    "docker",
    "Exit code 1\nnetwork proxy declared as external, but could not be found",
    "Exit code 1\n[+] Running 0/0\n \u280B Network shared_backend  Error                                             0.0s\nnetwork shared_backend declared as external, but could not be found",
    "create the external network first (docker network create <name>) or remove external: true from the compose file"
  ),
  pair(
    "h6-docker-alpine-no-bash",
    "docker",
    'Exit code 126\nOCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown',
    'Exit code 127\nError response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/bin/bash": stat /bin/bash: no such file or directory: unknown',
    "the image (alpine/distroless) has no bash: use sh (docker exec -it <c> sh), or install bash in the image"
  ),
  pair(
    "h6-docker-buildkit-secret-missing",
    "docker",
    "Exit code 1\n#9 [build 4/6] RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci\n#9 ERROR: secret npmrc: not found\nERROR: failed to solve: secret npmrc: not found",
    "Exit code 1\n => ERROR [stage-0 5/8] RUN --mount=type=secret,id=pip_conf pip install -r requirements.txt   0.1s\n------\n > [stage-0 5/8] RUN --mount=type=secret,id=pip_conf pip install -r requirements.txt:\n------\nERROR: failed to solve: secret pip_conf: not found",
    "the Dockerfile mounts a build secret that was not passed: add --secret id=<id>,src=<file> to docker build (or secrets: in compose build)"
  ),
  pair(
    "h6-docker-max-depth-exceeded",
    "docker",
    "Exit code 1\nfailed to register layer: max depth exceeded",
    "Exit code 1\n#22 exporting to image\n#22 exporting layers\n#22 ERROR: failed to register layer: max depth exceeded\nERROR: failed to solve: failed to register layer: max depth exceeded",
    "the image has more than 125 layers (usually images built FROM themselves repeatedly): merge RUN steps / rebuild from the real base image instead of the previous build"
  ),
  pair(
    "h6-docker-compose-env-file-missing",
    "docker",
    "Exit code 1\nenv file /home/ali/shop/.env not found: stat /home/ali/shop/.env: no such file or directory",
    'Exit code 1\nWARN[0000] The "TAG" variable is not set. Defaulting to a blank string.\nenv file /srv/stack/config/worker.env not found: stat /srv/stack/config/worker.env: no such file or directory',
    "the env_file listed in compose does not exist: create it (e.g. cp .env.example .env) or fix/remove the env_file path"
  ),
  // java / gradle / maven / android
  pair(
    "h6-mvn-blocked-http-mirror",
    "java",
    "Exit code 1\n[ERROR] Failed to execute goal on project billing: Could not resolve dependencies for project com.acme:billing:jar:1.4.0: Failed to collect dependencies at com.acme:commons:jar:2.1.0: Failed to read artifact descriptor for com.acme:commons:jar:2.1.0: Could not transfer artifact com.acme:commons:pom:2.1.0 from/to maven-default-http-blocker (http://0.0.0.0/): Blocked mirror for repositories: [acme-internal (http://nexus.acme.local/repository/maven-releases/, default, releases+snapshots)] -> [Help 1]",
    "Exit code 1\n[INFO] Scanning for projects...\n[ERROR] [ERROR] Some problems were encountered while processing the POMs:\n[ERROR] Non-resolvable parent POM for org.corp:svc:0.9-SNAPSHOT: Could not transfer artifact org.corp:parent:pom:3 from/to maven-default-http-blocker (http://0.0.0.0/): Blocked mirror for repositories: [corp-repo (http://repo.corp.example:8081/artifactory/libs, default, releases)] @ line 6, column 11",
    "Maven 3.8.1+ blocks plain-http repositories: switch the repository URL to https (or, for a trusted internal repo, override the maven-default-http-blocker mirror in settings.xml)"
  ),
  pair(
    "h6-mvn-enforcer-maven-version",
    "java",
    "Exit code 1\n[WARNING] Rule 0: org.apache.maven.enforcer.rules.version.RequireMavenVersion failed with message:\nDetected Maven Version: 3.6.3 is not in the allowed range [3.8.6,).\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.4.1:enforce (enforce-maven) on project core: Some Enforcer rules have failed. Look above for specific messages explaining why the rule failed. -> [Help 1]",
    "Exit code 1\n[ERROR] Rule 1: org.apache.maven.plugins.enforcer.RequireMavenVersion failed with message:\nDetected Maven Version: 3.8.4 is not in the allowed range 3.9.0.\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.0.0:enforce (enforce-versions) on project gateway: Some Enforcer rules have failed.",
    "the project requires a newer Maven: build with the wrapper (./mvnw) or install a Maven inside the allowed range"
  ),
  pair(
    "h6-java-jaxb-removed",
    "java",
    'Exit code 1\nException in thread "main" java.lang.NoClassDefFoundError: javax/xml/bind/DatatypeConverter\n	at io.jsonwebtoken.impl.Base64Codec.decode(Base64Codec.java:26)\n	at io.jsonwebtoken.impl.DefaultJwtParser.setSigningKey(DefaultJwtParser.java:151)\n	at com.shop.auth.TokenService.parse(TokenService.java:40)\nCaused by: java.lang.ClassNotFoundException: javax.xml.bind.DatatypeConverter\n	at java.base/jdk.internal.loader.BuiltinClassLoader.loadClass(BuiltinClassLoader.java:641)',
    "Exit code 1\njava.lang.NoClassDefFoundError: javax/xml/bind/JAXBException\n	at org.hibernate.validator.internal.xml.ValidationBootstrapParameters.<init>(ValidationBootstrapParameters.java:62)\n	at com.corp.legacy.Main.main(Main.java:18)\nCaused by: java.lang.ClassNotFoundException: javax.xml.bind.JAXBException\n	... 2 more",
    "JAXB (javax.xml.bind) was removed from the JDK in Java 11: add the jaxb-api (javax.xml.bind:jaxb-api + a runtime) dependency, or upgrade the library that still uses it"
  ),
  pair(
    "h6-java-javax-to-jakarta",
    "java",
    "Exit code 1\n[ERROR] COMPILATION ERROR : \n[ERROR] /home/ian/api/src/main/java/com/acme/web/AuthFilter.java:[5,26] package javax.servlet.http does not exist\n[ERROR] /home/ian/api/src/main/java/com/acme/web/AuthFilter.java:[12,38] cannot find symbol\n  symbol: class HttpServletRequest",
    "Exit code 1\n> Task :compileJava FAILED\n/Users/ela/svc/src/main/java/org/corp/model/Customer.java:3: error: package javax.persistence does not exist\nimport javax.persistence.Entity;\n                        ^\n/Users/ela/svc/src/main/java/org/corp/model/Customer.java:9: error: cannot find symbol\n@Entity\n ^\n  symbol: class Entity",
    "Spring Boot 3 / Jakarta EE 9+ renamed javax.* to jakarta.*: change the imports to jakarta.servlet / jakarta.persistence etc."
  ),
  pair(
    "h6-agp-namespace-not-specified",
    "java",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nA problem occurred configuring project ':app'.\n> Could not create an instance of type com.android.build.api.variant.impl.ApplicationVariantImpl.\n   > Namespace not specified. Specify a namespace in the module's build file. See https://d.android.com/r/tools/upgrade-assistant/set-namespace for information about setting the namespace.",
    "Exit code 1\n* What went wrong:\nA problem occurred configuring project ':react-native-camera'.\n> Could not create an instance of type com.android.build.api.variant.impl.LibraryVariantBuilderImpl.\n   > Namespace not specified. Specify a namespace in the module's build file: /home/dev/app/node_modules/react-native-camera/android/build.gradle. See https://d.android.com/r/tools/upgrade-assistant/set-namespace for information about setting the namespace.",
    `AGP 8 requires android { namespace "..." } in the module's build.gradle (the package from AndroidManifest.xml): add it there (or upgrade the library that lacks it)`
  ),
  pair(
    "h6-gradle-configuration-cache-problem",
    "java",
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nConfiguration cache problems found in this build.\n\n1 problem was found storing the configuration cache.\n- Task `:app:generateBuildInfo` of type `org.gradle.api.DefaultTask`: invocation of 'Task.project' at execution time is unsupported.",
    "Exit code 1\n2 problems were found storing the configuration cache.\n- Build file 'build.gradle.kts': line 41: invocation of 'Task.project' at execution time is unsupported.\n- Task `:lib:writeVersion` of type `org.gradle.api.DefaultTask`: invocation of 'Task.project' at execution time is unsupported.\n\n* What went wrong:\nConfiguration cache problems found in this build.",
    "the task reads project at execution time, which the configuration cache forbids: capture the values during configuration (providers/task inputs), or run with --no-configuration-cache"
  ),
  // c / c++ / make / cmake
  pair(
    "h6-cxx-incomplete-type",
    "c",
    "Exit code 1\nsrc/renderer.cpp: In member function 'void Renderer::draw()':\nsrc/renderer.cpp:42:12: error: invalid use of incomplete type 'class Texture'\n   42 |     texture->bind();\n      |            ^~\nIn file included from src/renderer.cpp:1:\ninclude/renderer.h:5:7: note: forward declaration of 'class Texture'\n    5 | class Texture;\n      |       ^~~~~~~",
    "Exit code 2\n/Users/ana/engine/src/world.cpp:88:23: error: member access into incomplete type 'Physics'\n    physics_->step(dt);\n                      ^\n/Users/ana/engine/include/world.h:9:7: note: forward declaration of 'Physics'\nclass Physics;\n      ^\n1 error generated.\nmake[2]: *** [CMakeFiles/engine.dir/src/world.cpp.o] Error 1",
    "only a forward declaration is visible where the members are used: #include the header that defines the class in that .cpp file"
  ),
  pair(
    "h6-cxx-discards-qualifiers",
    "c",
    "Exit code 1\nmain.cpp: In function 'void print(const Account&)':\nmain.cpp:21:33: error: passing 'const Account' as 'this' argument discards qualifiers [-fpermissive]\n   21 |     std::cout << acc.balance() << '\\n';\n      |                  ~~~~~~~~~~~^~\nmain.cpp:9:12: note:   in call to 'double Account::balance()'",
    "Exit code 1\n/home/ci/lib/src/matrix.cpp:57:18: error: 'this' argument to member function 'rows' has type 'const Matrix', but function is not marked const\n   57 |     for (i = 0; i < m.rows(); ++i)\n      |                     ^\n/home/ci/lib/include/matrix.h:14:10: note: 'rows' declared here\n   14 |     size_t rows();\n      |            ^",
    "a non-const member function is called on a const object: mark that member function const (in the declaration and the definition)"
  ),
  pair(
    "h6-c-return-type-werror",
    "c",
    "Exit code 1\nsrc/parse.c: In function 'parse_flag':\nsrc/parse.c:31:1: error: control reaches end of non-void function [-Werror=return-type]\n   31 | }\n      | ^\ncc1: all warnings being treated as errors",
    "Exit code 2\n/build/app/src/util.cpp:77:1: error: non-void function does not return a value in all control paths [-Werror,-Wreturn-type]\n}\n^\n1 error generated.\nninja: build stopped: subcommand failed.",
    "a non-void function can fall off its end: return a value on every path (add the missing return after the if/switch)"
  ),
  pair(
    "h6-cmake-pkgconfig-missing",
    "c",
    "Exit code 1\nCMake Error at /usr/share/cmake-3.22/Modules/FindPackageHandleStandardArgs.cmake:230 (message):\n  Could NOT find PkgConfig (missing: PKG_CONFIG_EXECUTABLE)\nCall Stack (most recent call first):\n  /usr/share/cmake-3.22/Modules/FindPkgConfig.cmake:99 (find_package_handle_standard_args)\n  CMakeLists.txt:14 (find_package)",
    "Exit code 1\n-- The C compiler identification is AppleClang 15.0.0.15000100\nCMake Error at /opt/homebrew/share/cmake/Modules/FindPackageHandleStandardArgs.cmake:233 (message):\n  Could NOT find PkgConfig (missing: PKG_CONFIG_EXECUTABLE)\nCall Stack (most recent call first):\n  cmake/deps.cmake:3 (find_package)\n-- Configuring incomplete, errors occurred!",
    "install pkg-config (apt install pkg-config / brew install pkgconf) and re-run cmake in a clean build directory"
  ),
  pair(
    "h6-cmake-tll-signature",
    "c",
    'Exit code 1\nCMake Error at src/CMakeLists.txt:22 (target_link_libraries):\n  The keyword signature for target_link_libraries has already been used with\n  the target "core".  All uses of target_link_libraries with a target must be\n  either all-keyword or all-plain.\n\n  The uses of the keyword signature are here:\n\n   * src/CMakeLists.txt:18 (target_link_libraries)',
    'Exit code 1\nCMake Error at cmake/Deps.cmake:40 (target_link_libraries):\n  The plain signature for target_link_libraries has already been used with\n  the target "viewer".  All uses of target_link_libraries with a target must\n  be either all-keyword or all-plain.\n\n  The uses of the plain signature are here:\n\n   * apps/viewer/CMakeLists.txt:7 (target_link_libraries)',
    "mixing target_link_libraries(t lib) and target_link_libraries(t PRIVATE lib) on one target: use the keyword form (PRIVATE/PUBLIC/INTERFACE) in every call"
  ),
  pair(
    "h6-ld-relocation-truncated",
    "c",
    "Exit code 1\n/usr/bin/ld: big.o: in function `main':\nbig.c:(.text+0x1c): relocation truncated to fit: R_X86_64_PC32 against symbol `table' defined in .bss section in big.o\ncollect2: error: ld returned 1 exit status",
    "Exit code 1\n/usr/bin/ld: grid.o: in function `init_grid':\ngrid.c:(.text+0x3e): relocation truncated to fit: R_X86_64_PC32 against `.bss'\n/usr/bin/ld: grid.c:(.text+0x5a): additional relocation overflows omitted from the output\ncollect2: error: ld returned 1 exit status",
    "a static array is over 2 GB: allocate it on the heap (malloc) or compile with -mcmodel=medium"
  ),
  pair(
    "h6-make-recipe-commences-before-target",
    "c",
    "Exit code 2\nMakefile:3: *** recipe commences before first target.  Stop.",
    "Exit code 2\nbuild/rules.mk:17: *** recipe commences before first target.  Stop.\nmake: *** [Makefile:8: all] Error 2",
    "a line starting with a TAB appears before any target (often an indented variable or stray tab): remove the leading tab from that line"
  ),
  // ruby / rails
  pair(
    "h6-rails-concurrent-ruby-logger",
    "ruby",
    "Exit code 1\n/home/zed/app/vendor/bundle/ruby/3.1.0/gems/activesupport-6.1.7.8/lib/active_support/logger_thread_safe_level.rb:16:in `<module:LoggerThreadSafeLevel>': uninitialized constant ActiveSupport::LoggerThreadSafeLevel::Logger (NameError)\n	from /home/zed/app/vendor/bundle/ruby/3.1.0/gems/activesupport-6.1.7.8/lib/active_support/logger_thread_safe_level.rb:9:in `<module:ActiveSupport>'",
    "Exit code 1\n/usr/local/bundle/gems/activesupport-7.0.8.4/lib/active_support/logger_thread_safe_level.rb:12:in `<module:LoggerThreadSafeLevel>': uninitialized constant ActiveSupport::LoggerThreadSafeLevel::Logger (NameError)\n\n    Logger::Severity.constants.each do |severity|\n    ^^^^^^\n	from /usr/local/bundle/gems/activesupport-7.0.8.4/lib/active_support/logger_thread_safe_level.rb:9:in `<module:ActiveSupport>'\n	from bin/rails:4:in `<main>'",
    `concurrent-ruby 1.3.5 stopped requiring logger, breaking Rails < 7.1: pin gem 'concurrent-ruby', '1.3.4' (or add require "logger" before rails in config/boot.rb)`
  ),
  pair(
    "h6-ruby-already-activated",
    "ruby",
    "Exit code 1\nYou have already activated rake 13.2.1, but your Gemfile requires rake 13.0.6. Prepending `bundle exec` to your command may solve this.",
    "Exit code 1\n/usr/lib/ruby/3.2.0/bundler/runtime.rb:304:in `check_for_activated_spec!': You have already activated json 2.7.1, but your Gemfile requires json 2.6.3. Since json is a default gem, you can either remove your dependency on it or try updating to a newer version of bundler that supports json as a default gem. (Gem::LoadError)",
    "run the command through Bundler (bundle exec <cmd>) so the Gemfile.lock version is used, or bundle update that gem"
  ),
  pair(
    "h6-ruby-webrick-removed",
    "ruby",
    "Exit code 1\n/home/ana/.gem/ruby/3.0.0/gems/jekyll-4.2.0/lib/jekyll/commands/serve/servlet.rb:3:in `require': cannot load such file -- webrick (LoadError)\n	from /home/ana/.gem/ruby/3.0.0/gems/jekyll-4.2.0/lib/jekyll/commands/serve/servlet.rb:3:in `<top (required)>'",
    "Exit code 1\n<internal:/opt/homebrew/Cellar/ruby/3.3.0/lib/ruby/3.3.0/rubygems/core_ext/kernel_require.rb>:136:in `require': cannot load such file -- webrick (LoadError)\n	from <internal:/opt/homebrew/Cellar/ruby/3.3.0/lib/ruby/3.3.0/rubygems/core_ext/kernel_require.rb>:136:in `require'\n	from /Users/joe/blog/vendor/bundle/ruby/3.3.0/gems/jekyll-3.9.3/lib/jekyll/commands/serve/servlet.rb:3:in `<top (required)>'",
    "webrick is no longer bundled since Ruby 3.0: bundle add webrick"
  ),
  pair(
    "h6-ruby-file-exists-removed",
    "ruby",
    "Exit code 1\n/home/ci/app/config/initializers/paths.rb:4:in `<main>': undefined method `exists?' for File:Class (NoMethodError)\n\n  if File.exists?(cfg)\n         ^^^^^^^^",
    "Exit code 1\n/usr/local/bundle/gems/sass-3.7.4/lib/sass/util.rb:212:in `block in glob': undefined method `exists?' for class Dir (NoMethodError)\nDid you mean?  exist?",
    "File.exists?/Dir.exists? were removed in Ruby 3.2: use exist? (or upgrade the gem still calling exists?)"
  ),
  pair(
    "h6-rails-blocked-host",
    "ruby",
    'Exit code 1\n[ActionDispatch::HostAuthorization::DefaultResponseApp] Blocked host: 4f2a-81-2-3-4.ngrok-free.app\nStarted GET "/" for 127.0.0.1 at 2026-02-02 10:00:00 +0000',
    'Exit code 1\nBlocked hosts: shop.test\nTo allow requests to these hosts, make sure they are valid hostnames (containing only numbers, letters, dashes and dots), then add the following to your environment configuration:\n\n    config.hosts << "shop.test"',
    'Rails host authorization rejects that Host header: add it to config.hosts in the environment config (config.hosts << "name")'
  ),
  // claude code tool errors
  pair(
    "h6-cc-read-denied-by-settings",
    "claude",
    "Permission to read /home/ana/app/.env has been denied.",
    "Permission to read /Users/kim/work/api/config/secrets.yml has been denied.",
    "the path is blocked by a deny rule in Claude Code's permission settings: ask the user for the needed values instead of reading the file"
  ),
  pair(
    "h6-cc-edit-file-too-large",
    "claude",
    "File is too large to edit (3.1MB). Maximum editable file size is 1.0MB.",
    "File is too large to edit (1.4MB). Maximum editable file size is 1.0MB.",
    "edit very large files with a Bash command (sed -i / a small script) instead of the Edit tool"
  ),
  pair(
    "h6-cc-glob-path-missing",
    "claude",
    "Directory does not exist: /home/ana/app/src/componets",
    "Directory does not exist: /Users/li/site/packages/ui/src/hook",
    "the search path is misspelled or absent: list the parent directory first and pass an existing directory"
  ),
  // php / composer / laravel
  pair(
    "h6-php82-dynamic-property",
    "php",
    "Exit code 255\nPHP Deprecated:  Creation of dynamic property App\\Services\\Mailer::$transport is deprecated in /var/www/app/Services/Mailer.php on line 22\nPHP Fatal error:  Uncaught ErrorException: Creation of dynamic property App\\Services\\Mailer::$transport is deprecated in /var/www/app/Services/Mailer.php:22",
    "Exit code 1\nThere was 1 error:\n\n1) Tests\\Unit\\CartTest::testTotal\nCreation of dynamic property Shop\\Cart::$items is deprecated\n\n/home/ci/shop/src/Cart.php:18\n/home/ci/shop/tests/Unit/CartTest.php:12",
    "PHP 8.2 deprecates undeclared properties: declare the property in the class (private array $items = [];), or add #[\\AllowDynamicProperties]"
  ),
  pair(
    "h6-php8-count-null",
    "php",
    "Exit code 255\nPHP Fatal error:  Uncaught TypeError: count(): Argument #1 ($value) must be of type Countable|array, null given in /var/www/html/report.php:41\nStack trace:\n#0 /var/www/html/report.php(41): count(NULL)\n#1 {main}\n  thrown in /var/www/html/report.php on line 41",
    "Exit code 1\n   TypeError \n\n  count(): Argument #1 ($value) must be of type Countable|array, bool given\n\n  at app/Http/Controllers/OrderController.php:77\n     73\u2595         $rows = $this->repo->find($id);\n     77\u2595         if (count($rows) === 0) {",
    "PHP 8 count() throws on non-arrays: make sure the value is an array (default to [] or check is_countable/null) before counting"
  ),
  pair(
    "h6-composer-minimum-stability",
    "php",
    "Exit code 1\n\n  [InvalidArgumentException]\n  Could not find a version of package acme/pdf-tools matching your minimum-stability (stable). Require it with an explicit version constraint allowing its minimum stability.",
    "Exit code 1\nIn PackageDiscoveryTrait.php line 383:\n\n  Could not find a version of package spatie/laravel-beta matching your minimum-stability (stable). Require it with an explicit version constraint allowing its minimum stability.\n\nrequire [--dev] [--dry-run] [--prefer-source] [--prefer-dist] [--no-update] [--] [<packages>...]",
    "the package has only dev/beta releases: require it with an explicit stability (composer require vendor/pkg:^1.0@beta or :dev-main), or lower minimum-stability"
  ),
  pair(
    "h6-laravel-table-already-exists",
    "php",
    "Exit code 1\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[42S01]: Base table or view already exists: 1050 Table 'users' already exists (Connection: mysql, SQL: create table `users` (`id` bigint unsigned not null auto_increment primary key, `name` varchar(255) not null))",
    'Exit code 1\n  2024_05_01_000000_create_jobs_table ......................... 3ms FAIL\n\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[42P07]: Duplicate table: 7 ERROR:  relation "jobs" already exists (Connection: pgsql, SQL: create table "jobs" ("id" bigserial not null primary key))',
    "the table exists but the migrations table does not record it: on a dev DB run php artisan migrate:fresh, otherwise drop the table or mark that migration as run"
  ),
  pair(
    "h6-laravel-artisan-host-docker-db",
    "php",
    "Exit code 1\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for mysql failed: Name or service not known (Connection: mysql, SQL: select * from information_schema.tables where table_schema = laravel and table_name = migrations and table_type = 'BASE TABLE')",
    `Exit code 1

  SQLSTATE[08006] [7] could not translate host name "pgsql" to address: Temporary failure in name resolution (Connection: pgsql, SQL: select exists (select 1 from pg_class c where c.relname = 'migrations'))`,
    "DB_HOST is the docker compose service name, which only resolves inside the containers: run artisan inside the container (sail artisan / docker compose exec app php artisan ...)"
  ),
  // dotnet
  pair(
    "h6-dotnet-invariant-globalization",
    "dotnet",
    "Exit code 134\nUnhandled exception. System.Globalization.CultureNotFoundException: Only the invariant culture is supported in globalization-invariant mode. See https://aka.ms/GlobalizationInvariantMode for more information. (Parameter 'name')\nen-US is an invalid culture identifier.\n   at System.Globalization.CultureInfo..ctor(String name, Boolean useUserOverride)\n   at Shop.Api.Program.Main(String[] args) in /src/Shop.Api/Program.cs:line 14",
    "Exit code 1\nfail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]\n      System.Globalization.CultureNotFoundException: Only the invariant culture is supported in globalization-invariant mode. See https://aka.ms/GlobalizationInvariantMode for more information. (Parameter 'name')\n      de-DE is an invalid culture identifier.\n         at System.Globalization.CultureInfo.GetCultureInfo(String name)",
    "the runtime runs in globalization-invariant mode (no ICU in the image): install ICU (apk add icu-libs) and set DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=false / InvariantGlobalization false"
  ),
  pair(
    "h6-sqlclient-trust-server-cert",
    "dotnet",
    "Exit code 1\nUnhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A connection was successfully established with the server, but then an error occurred during the login process. (provider: SSL Provider, error: 0 - The certificate chain was issued by an authority that is not trusted.)\n ---> System.ComponentModel.Win32Exception (0x80090325): The certificate chain was issued by an authority that is not trusted.",
    "Exit code 1\nMicrosoft.Data.SqlClient.SqlException (0x80131904): A connection was successfully established with the server, but then an error occurred during the pre-login handshake. (provider: TCP Provider, error: 35 - An internal exception was caught)\n ---> System.Security.Authentication.AuthenticationException: The remote certificate was rejected by the provided RemoteCertificateValidationCallback.\n   at Microsoft.EntityFrameworkCore.Storage.RelationalConnection.OpenInternalAsync(Boolean errorsExpected, CancellationToken cancellationToken)",
    "Microsoft.Data.SqlClient 4+ encrypts by default and the SQL Server certificate is self-signed: add TrustServerCertificate=True to the connection string (dev) or install a trusted certificate"
  ),
  pair(
    "h6-efcore-pending-model-changes",
    "dotnet",
    "Exit code 1\nSystem.InvalidOperationException: An error was generated for warning 'Microsoft.EntityFrameworkCore.Migrations.PendingModelChangesWarning': The model for context 'AppDbContext' has pending changes. Add a new migration before updating the database.",
    "Exit code 1\nUnhandled exception. System.InvalidOperationException: An error was generated for warning 'Microsoft.EntityFrameworkCore.Migrations.PendingModelChangesWarning': The model for context 'CatalogContext' changes each time it is built. This is usually caused by dynamic values used in a 'HasData' call (e.g. `new DateTime()`, `Guid.NewGuid()`).",
    "EF Core 9 refuses to migrate when the model differs from the last migration: add a migration (dotnet ef migrations add ...), and use constant values in HasData seeds"
  ),
  pair(
    "h6-dotnet-nu1301-source",
    "dotnet",
    "Exit code 1\n/home/ana/src/Api/Api.csproj : error NU1301: Unable to load the service index for source https://pkgs.dev.azure.com/acme/_packaging/internal/nuget/v3/index.json.",
    "Exit code 1\n  Determining projects to restore...\nC:\\build\\Worker\\Worker.csproj : error NU1301: Unable to load the service index for source https://nuget.corp.example/v3/index.json. [C:\\build\\Worker.sln]\nC:\\build\\Worker\\Worker.csproj : error NU1301:   Response status code does not indicate success: 401 (Unauthorized).",
    "a private NuGet feed in nuget.config cannot be reached/authenticated: add credentials for it (packageSourceCredentials or the Azure Artifacts credential provider) or disable that source"
  ),
  // terraform
  pair(
    "h6-tf-no-matching-provider-version",
    "terraform",
    'Exit code 1\nInitializing provider plugins...\n- Finding hashicorp/aws versions matching "~> 4.0, >= 5.0.0"...\n\u2577\n\u2502 Error: Failed to query available provider packages\n\u2502 \n\u2502 Could not retrieve the list of available versions for provider hashicorp/aws: no available releases match the given constraints ~> 4.0, >= 5.0.0\n\u2575',
    'Exit code 1\n- Finding hashicorp/google versions matching ">= 6.0.0, < 5.0.0"...\n\u2577\n\u2502 Error: Failed to query available provider packages\n\u2502\n\u2502 Could not retrieve the list of available versions for provider hashicorp/google: no available releases match the given constraints >= 6.0.0, < 5.0.0\n\u2502\n\u2502 To see which modules are currently depending on hashicorp/google and what versions are specified, run the following command:\n\u2502     terraform providers\n\u2575',
    "the root module and a module pin contradictory provider versions: run terraform providers to find them and relax one version constraint so they overlap"
  ),
  pair(
    "h6-tf-dependency-violation",
    "terraform",
    "Exit code 1\n\u2577\n\u2502 Error: deleting EC2 Security Group (sg-0a1b2c3d4e5f67890): DependencyViolation: resource sg-0a1b2c3d4e5f67890 has a dependent object\n\u2502 	status code: 400, request id: 6f1d0c3e-2b7a-4f11-9e0a-2c4d5e6f7a8b\n\u2575",
    "Exit code 1\naws_subnet.private[1]: Still destroying... [id=subnet-0f9e8d7c6b5a43210, 19m50s elapsed]\n\u2577\n\u2502 Error: deleting EC2 Subnet (subnet-0f9e8d7c6b5a43210): operation error EC2: DeleteSubnet, https response error StatusCode: 400, RequestID: 1a2b3c4d-0000-4e5f-8a9b-0c1d2e3f4a5b, api error DependencyViolation: The subnet 'subnet-0f9e8d7c6b5a43210' has dependencies and cannot be deleted.\n\u2575",
    "something outside this state (ENIs, load balancers, other SGs) still uses the resource: find and delete/detach those dependents first, then re-run destroy"
  ),
  pair(
    "h6-tf-saved-plan-stale",
    "terraform",
    "Exit code 1\n\u2577\n\u2502 Error: Saved plan is stale\n\u2502 \n\u2502 The given plan file can no longer be applied because the state was changed by another operation after the plan was created.\n\u2575",
    "Exit code 1\nAcquiring state lock. This may take a few moments...\n\u2577\n\u2502 Error: Saved plan is stale\n\u2502\n\u2502 The given plan file can no longer be applied because the state was\n\u2502 changed by another operation after the plan was created.\n\u2575\nReleasing state lock. This may take a few moments...",
    "the state changed since the plan was saved: run terraform plan -out again and apply the new plan file"
  ),
  pair(
    "h6-tf-output-sensitive",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Output refers to sensitive values\n\u2502 \n\u2502   on outputs.tf line 12:\n\u2502   12: output "db_password" {\n\u2502 \n\u2502 To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\u2502 \n\u2502 If you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n\u2502     sensitive = true\n\u2575',
    'Exit code 1\n\u2502 Error: Output refers to sensitive values\n\u2502\n\u2502   on main.tf line 88:\n\u2502   88: output "kubeconfig" {\n\u2502\n\u2502 To reduce the risk of accidentally exporting sensitive data that was\n\u2502 intended to be only internal, Terraform requires that any root module\n\u2502 output containing sensitive data be explicitly marked as sensitive, to\n\u2502 confirm your intent.',
    "mark that output sensitive = true (read it later with terraform output -raw <name>)"
  ),
  pair(
    "h6-tf-backend-variables",
    "terraform",
    "Exit code 1\nInitializing the backend...\n\u2577\n\u2502 Error: Variables not allowed\n\u2502 \n\u2502   on backend.tf line 4, in terraform:\n\u2502    4:     bucket = var.state_bucket\n\u2502 \n\u2502 Variables may not be used here.\n\u2575",
    'Exit code 1\n\u2577\n\u2502 Error: Variables not allowed\n\u2502\n\u2502   on versions.tf line 9, in terraform:\n\u2502    9:     key            = "${var.env}/network.tfstate"\n\u2502\n\u2502 Variables may not be used here.\n\u2575',
    'the backend block cannot use variables: hard-code the values or pass them at init time (terraform init -backend-config="key=value" / a .tfbackend file)'
  ),
  // k8s / helm
  pair(
    "h6-k8s-localhost-8080",
    "k8s",
    "Exit code 1\nThe connection to the server localhost:8080 was refused - did you specify the right host or port?",
    `Exit code 1
E0611 14:02:11.918273    9112 memcache.go:265] couldn't get current server API group list: Get "http://localhost:8080/api?timeout=32s": dial tcp [::1]:8080: connect: connection refused
The connection to the server localhost:8080 was refused - did you specify the right host or port?`,
    "kubectl found no kubeconfig: point KUBECONFIG at the cluster config (or copy it to ~/.kube/config; on k3s/kubeadm it is /etc/rancher/k3s/k3s.yaml or /etc/kubernetes/admin.conf)"
  ),
  pair(
    "h6-k8s-crd-not-installed",
    "k8s",
    'Exit code 1\nerror: resource mapping not found for name: "letsencrypt" namespace: "" from "issuer.yaml": no matches for kind "ClusterIssuer" in version "cert-manager.io/v1"\nensure CRDs are installed first',
    'Exit code 1\nError: unable to build kubernetes objects from release manifest: resource mapping not found for name: "api-monitor" namespace: "prod" from "": no matches for kind "ServiceMonitor" in version "monitoring.coreos.com/v1"\nensure CRDs are installed first',
    "the custom resource kind is unknown to the cluster: install the operator/CRDs that define it (cert-manager, prometheus-operator...) before applying"
  ),
  pair(
    "h6-k8s-namespace-not-found",
    "k8s",
    'Exit code 1\nError from server (NotFound): error when creating "deploy.yaml": namespaces "staging" not found',
    'Exit code 1\nError: INSTALLATION FAILED: create: failed to create: namespaces "observability" not found',
    "create the namespace first (kubectl create namespace <name>, or helm install --create-namespace)"
  ),
  pair(
    "h6-k8s-object-modified-conflict",
    "k8s",
    'Exit code 1\nError from server (Conflict): error when applying patch:\nOperation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
    'Exit code 1\nerror: configmaps "app-config" could not be patched: Operation cannot be fulfilled on configmaps "app-config": the object has been modified; please apply your changes to the latest version and try again\nYou can run `kubectl replace -f /tmp/kubectl-edit-1421.yaml` to try this update again.',
    "the object changed between read and write (optimistic concurrency): fetch the latest version and re-apply (just re-run the command; drop resourceVersion from saved manifests)"
  ),
  pair(
    "h6-k8s-exec-plugin-v1alpha1",
    "k8s",
    'Exit code 1\nerror: exec plugin: invalid apiVersion "client.authentication.k8s.io/v1alpha1"',
    "Exit code 1\nUnable to connect to the server: getting credentials: exec plugin is configured to use API version client.authentication.k8s.io/v1alpha1, plugin returned version client.authentication.k8s.io/v1beta1",
    "the kubeconfig was generated by an old CLI: upgrade the cloud CLI (aws/gcloud/az) and regenerate the kubeconfig so it uses client.authentication.k8s.io/v1beta1"
  ),
  pair(
    "h6-k8s-exec-container-not-found",
    "k8s",
    'Exit code 1\nerror: unable to upgrade connection: container not found ("app")',
    'Exit code 1\nDefaulted container "nginx" out of: nginx, istio-proxy, istio-init (init)\nerror: unable to upgrade connection: container not found ("worker")',
    'the pod has no container by that name: pick one of the pod containers with -c <name> (kubectl get pod <p> -o jsonpath="{.spec.containers[*].name}")'
  ),
  // swift / xcode
  pair(
    "h6-xcode-signing-team",
    "swift",
    `Exit code 65
error: Signing for "NotesApp" requires a development team. Select a development team in the Signing & Capabilities editor. (in target 'NotesApp' from project 'NotesApp')
** BUILD FAILED **`,
    `Exit code 65
/Users/ci/build/ios/Runner.xcodeproj: error: Signing for "Runner" requires a development team. Select a development team in the Signing & Capabilities editor. (in target 'Runner' from project 'Runner')

The following build commands failed:
	Build target Runner`,
    "set DEVELOPMENT_TEAM for the target (Signing & Capabilities, or DEVELOPMENT_TEAM=<id> on the xcodebuild line); for simulator-only builds use CODE_SIGNING_ALLOWED=NO"
  ),
  pair(
    "h6-xcode-user-script-sandbox",
    "swift",
    "Exit code 65\nerror: Sandbox: rsync.samba(24012) deny(1) file-write-create /Users/ana/Library/Developer/Xcode/DerivedData/App-abc/Build/Products/Debug-iphonesimulator/App.app/Frameworks/Alamofire.framework (in target 'App' from project 'App')",
    "Exit code 65\nerror: Sandbox: bash(80211) deny(1) file-read-data /Users/ci/work/ios/Pods/Target Support Files/Pods-Runner/Pods-Runner-frameworks.sh (in target 'Runner' from project 'Runner')\n** BUILD FAILED **",
    "Xcode 15 sandboxes build-phase scripts: set ENABLE_USER_SCRIPT_SANDBOXING = NO for the target (Build Settings) or declare the script inputs/outputs"
  ),
  pair(
    "h6-cocoapods-repo-update",
    "swift",
    'Exit code 1\n[!] CocoaPods could not find compatible versions for pod "Firebase/Analytics":\n  In Podfile:\n    Firebase/Analytics (~> 10.20)\n\nNone of your spec sources contain a spec satisfying the dependency: `Firebase/Analytics (~> 10.20)`.\n\nYou have either:\n * out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.',
    'Exit code 1\nAnalyzing dependencies\n[!] CocoaPods could not find compatible versions for pod "GoogleMLKit/BarcodeScanning":\n  In Podfile:\n    google_mlkit_barcode_scanning (from `.symlinks/plugins/google_mlkit_barcode_scanning/ios`) was resolved to 0.10.0, which depends on\n      GoogleMLKit/BarcodeScanning (~> 5.0.0)\n\nNone of your spec sources contain a spec satisfying the dependency: `GoogleMLKit/BarcodeScanning (~> 5.0.0)`.\n\nYou have either:\n * out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.\n * mistyped the name or version.',
    "the local CocoaPods spec repo is outdated: run pod install --repo-update (or pod repo update, then pod install)"
  ),
  pair(
    "h6-swift-availability",
    "swift",
    "Exit code 1\n/Users/ana/App/Sources/ContentView.swift:22:14: error: 'NavigationStack' is only available in iOS 16.0 or newer\n            NavigationStack {\n            ^\n/Users/ana/App/Sources/ContentView.swift:22:14: note: add 'if #available' version check",
    "Exit code 1\n/Users/ci/pkg/Sources/Net/Client.swift:41:26: error: 'data(for:delegate:)' is only available in macOS 12.0 or newer\n        let (data, _) = try await session.data(for: request)\n                                      ^\n/Users/ci/pkg/Sources/Net/Client.swift:41:26: note: add 'if #available' version check",
    "the API needs a newer OS than the deployment target: raise the deployment target (platforms in Package.swift / IPHONEOS_DEPLOYMENT_TARGET) or guard the call with if #available"
  ),
  // elixir
  pair(
    "h6-elixir-hex-missing",
    "elixir",
    'Exit code 1\nCould not find Hex, which is needed to build dependency :phoenix\nShall I install Hex? (if running non-interactively, use "mix local.hex --force") [Yn] ** (Mix) Could not find an SCM for dependency :phoenix from MyApp.MixProject',
    'Exit code 1\n** (Mix) Could not find an SCM for dependency :jason from Shop.MixProject\nCould not find Hex, which is needed to build dependency :jason\nShall I install Hex? (if running non-interactively, use "mix local.hex --force")',
    "install Hex (and rebar) non-interactively: mix local.hex --force && mix local.rebar --force, then mix deps.get"
  ),
  pair(
    "h6-elixir-version-requirement",
    "elixir",
    "Exit code 1\n** (Mix) You're trying to run :my_app on Elixir v1.14.5 but it has declared in its mix.exs file it supports only Elixir ~> 1.15",
    `Exit code 1
warning: the dependency :phoenix_live_view requires Elixir "~> 1.14.1 or ~> 1.15" but you are running on v1.13.4
** (Mix) You're trying to run :shop on Elixir v1.13.4 but it has declared in its mix.exs file it supports only Elixir ~> 1.16`,
    "the installed Elixir is older than mix.exs requires: install/select a matching Elixir (asdf install elixir <ver> / .tool-versions)"
  ),
  pair(
    "h6-elixir-function-clause-phoenix-params",
    "elixir",
    'Exit code 1\n** (FunctionClauseError) no function clause matching in MyAppWeb.UserController.create/2\n\n    The following arguments were given to MyAppWeb.UserController.create/2:\n\n        # 1\n        %Plug.Conn{...}\n\n        # 2\n        %{"email" => "a@b.c", "password" => "secret"}\n\n    Attempted function clauses (showing 1 out of 1):\n\n        def create(conn, %{"user" => user_params})',
    'Exit code 1\n** (FunctionClauseError) no function clause matching in ShopWeb.OrderController.update/2\n\n    Attempted function clauses (showing 1 out of 1):\n\n        def update(conn, %{"id" => id, "order" => order_params})\n\n    code: conn = put(conn, ~p"/orders/#{order}", attrs)\n    stacktrace:\n      test/shop_web/controllers/order_controller_test.exs:41: (test)',
    'the request params are not nested under the key the action pattern-matches: send them wrapped (%{"user" => ...}) or loosen the function head'
  ),
  // haskell
  pair(
    "h6-cabal-resolve-base",
    "haskell",
    "Exit code 1\nResolving dependencies...\nError: cabal: Could not resolve dependencies:\n[__0] trying: myapp-0.1.0.0 (user goal)\n[__1] next goal: base (dependency of myapp)\n[__1] rejecting: base-4.18.2.0/installed-4.18.2.0 (conflict: myapp => base>=4.14 && <4.17)\n[__1] fail (backjumping, conflict set: base, myapp)",
    "Exit code 1\nError: [Cabal-7107]\nCould not resolve dependencies:\n[__0] trying: servant-server-0.19.2 (user goal)\n[__1] next goal: base (dependency of servant-server)\n[__1] rejecting: base-4.19.1.0/installed-4.19.1.0 (conflict: servant-server => base>=4.9 && <4.19)\n[__1] fail (backjumping, conflict set: base, servant-server)\nAfter searching the rest of the dependency tree exhaustively, these were the goals I've had most trouble fulfilling: base, servant-server",
    "the installed GHC's base is outside a package's bounds: use a GHC version in range (ghcup install ghc <ver>) or build with --allow-newer=<pkg>:base"
  ),
  pair(
    "h6-hs-no-instance-show",
    "haskell",
    "Exit code 1\nsrc/Main.hs:14:3: error: [GHC-39999]\n    \u2022 No instance for \u2018Show Shape\u2019 arising from a use of \u2018print\u2019\n    \u2022 In a stmt of a 'do' block: print (area s)\n   |\n14 |   print s\n   |   ^^^^^^^",
    "Exit code 1\napp/Report.hs:33:20: error:\n    \u2022 No instance for (Show Invoice) arising from a use of \u2018show\u2019\n    \u2022 In the first argument of \u2018putStrLn\u2019, namely \u2018(show inv)\u2019\n   |\n33 |   putStrLn (show inv)\n   |             ^^^^^^^^",
    "the type has no Show instance: add deriving (Show) to its data declaration (or write an instance)"
  ),
  pair(
    "h6-hs-missing-language-extension",
    "haskell",
    "Exit code 1\nsrc/Api.hs:21:1: error:\n    \u2022 Illegal instance declaration for \u2018ToJSON (Response a)\u2019\n    \u2022 Use FlexibleInstances if you want to disable this.\n",
    'Exit code 1\nlib/Types.hs:8:10: error: [GHC-53946]\n    \u2022 Illegal instance declaration for \u2018HasField "name" User Text\u2019\n        (All instance types must be of the form (T a1 ... an)\n         where a1 ... an are *distinct type variables*,\n         and each type variable appears at most once in the instance head.\n         Use FlexibleInstances if you want to disable this.)',
    "turn on the extension GHC names: {-# LANGUAGE FlexibleInstances #-} at the top of the module (or default-extensions in the .cabal file)"
  ),
  // more npm / node
  pair(
    "h6-node-old-syntax-nullish",
    "node",
    "Exit code 1\n/home/ci/app/node_modules/undici/lib/core/util.js:22\n  const ret = opts?.signal ?? null\n                   ^\n\nSyntaxError: Unexpected token '.'\n    at wrapSafe (internal/modules/cjs/loader.js:915:16)\n    at Module._compile (internal/modules/cjs/loader.js:963:27)",
    "Exit code 1\n/usr/src/app/node_modules/lru-cache/dist/cjs/index.js:1077\n        this.#autopurgeTimers ??= new Array(this.#max)\n                              ^^^\n\nSyntaxError: Unexpected token '??='\n    at wrapSafe (internal/modules/cjs/loader.js:1029:16)\n    at Module._compile (internal/modules/cjs/loader.js:1078:27)\n    at Object.Module._extensions..js (internal/modules/cjs/loader.js:1133:10)",
    "the installed Node is too old for the syntax a dependency ships: upgrade Node to a current LTS (nvm install --lts), or pin the dependency to a version supporting your Node"
  ),
  pair(
    "h6-yarn-berry-not-installed",
    "npm",
    "Exit code 1\nUsage Error: The project in /home/ana/web/package.json doesn't seem to have been installed - running an install there might help",
    "Exit code 1\nInternal Error: The project in /workspace/mono/packages/api/package.json doesn't seem to have been installed - running an install there might help\n    at Project.restoreInstallState (/workspace/mono/.yarn/releases/yarn-4.1.0.cjs:211:3711)",
    "Yarn Berry has no install state for this project: run yarn install at the repository root first"
  ),
  pair(
    "h6-ts5083-extends-missing",
    "tsc",
    `Exit code 1
tsconfig.json:2:14 - error TS5083: Cannot read file '/home/ana/mono/tsconfig.base.json'.

2   "extends": "../tsconfig.base.json",
               ~~~~~~~~~~~~~~~~~~~~~~~

Found 1 error in tsconfig.json:2`,
    "Exit code 1\nerror TS5083: Cannot read file '/app/node_modules/@tsconfig/node20/tsconfig.json'.",
    "the tsconfig 'extends' target does not exist: fix the relative path, or install the shared config package it names (e.g. npm i -D @tsconfig/node20)"
  ),
  pair(
    "h6-ts1286-esm-in-cjs-verbatim",
    "tsc",
    "Exit code 2\nsrc/index.ts:1:1 - error TS1286: ESM syntax is not allowed in a CommonJS module when 'verbatimModuleSyntax' is enabled.\n\n1 import express from 'express';\n  ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 1 error in src/index.ts:1",
    "Exit code 2\nsrc/lib/cache.ts(3,1): error TS1286: ESM syntax is not allowed in a CommonJS module when 'verbatimModuleSyntax' is enabled.\nsrc/lib/cache.ts(40,1): error TS1287: A top-level 'export' modifier cannot be used on value declarations in a CommonJS module when 'verbatimModuleSyntax' is enabled.",
    'the file is treated as CommonJS (no "type": "module" / .cts) while verbatimModuleSyntax is on: set "type": "module" in package.json (or turn verbatimModuleSyntax off)'
  ),
  // more webpack / next / angular
  pair(
    "h6-next-unrecognized-experimental-key",
    "webpack",
    `Exit code 1
 \u26A0 Invalid next.config.js options detected: 
 \u26A0     Unrecognized key(s) in object: 'appDir' at "experimental"
 \u26A0 See more info here: https://nextjs.org/docs/messages/invalid-next-config
Error: Invalid next.config.js options detected`,
    `Exit code 1
 \u26A0 Invalid next.config.mjs options detected: 
 \u26A0     Unrecognized key(s) in object: 'serverActions' at "experimental"
 \u26A0 See more info here: https://nextjs.org/docs/messages/invalid-next-config`,
    "that experimental flag graduated or was removed in this Next.js version: delete the key from experimental in next.config"
  ),
  pair(
    "h6-angular-schema-additional-property",
    "webpack",
    'Exit code 1\nSchema validation failed with the following errors:\n  Data path "" must NOT have additional properties(extractCss).',
    'Exit code 1\nAn unhandled exception occurred: Schema validation failed with the following errors:\n  Data path "" must NOT have additional properties(buildOptimizer).\nSee "/tmp/ng-Xk3q1/angular-errors.log" for further details.',
    "angular.json sets a builder option the installed Angular no longer has: remove that property from the architect options in angular.json"
  ),
  // more claude
  pair(
    "h6-cc-bash-denied-by-settings",
    "claude",
    "Permission to use Bash with command rm -rf node_modules has been denied.",
    "Permission to use Bash with command git push --force origin main has been denied.",
    "that command matches a deny rule in Claude Code's permission settings: do not retry it; ask the user to run it or to change the rule"
  ),
  // more ssl
  pair(
    "h6-apt-no-pubkey",
    "ssl",
    "Exit code 100\nW: GPG error: https://download.docker.com/linux/ubuntu jammy InRelease: The following signatures couldn't be verified because the public key is not available: NO_PUBKEY 7EA0A9C3F273FCD8\nE: The repository 'https://download.docker.com/linux/ubuntu jammy InRelease' is not signed.",
    "Exit code 100\nGet:4 https://apt.releases.hashicorp.com bookworm InRelease [12.9 kB]\nErr:4 https://apt.releases.hashicorp.com bookworm InRelease\n  The following signatures couldn't be verified because the public key is not available: NO_PUBKEY AA16FCBCA621E701\nE: The repository 'https://apt.releases.hashicorp.com bookworm InRelease' is not signed.",
    "apt has no key for that repository: download the vendor's key into /etc/apt/keyrings/ and reference it with signed-by= in the repo's sources line, then apt update"
  ),
  pair(
    "h6-certbot-http01-firewall",
    "ssl",
    "Exit code 1\nCertbot failed to authenticate some domains (authenticator: nginx). The Certificate Authority reported these problems:\n  Domain: shop.example.com\n  Type:   connection\n  Detail: 203.0.113.7: Fetching http://shop.example.com/.well-known/acme-challenge/x1Y2: Timeout during connect (likely firewall problem)",
    "Exit code 1\nCertbot failed to authenticate some domains (authenticator: standalone). The Certificate Authority reported these problems:\n  Domain: api.demo.dev\n  Type:   connection\n  Detail: 198.51.100.20: Fetching http://api.demo.dev/.well-known/acme-challenge/Qk9z: Timeout during connect (likely firewall problem)\n\nHint: The Certificate Authority failed to download the challenge files from the temporary standalone webserver started by Certbot on port 80.",
    "the HTTP-01 challenge cannot reach port 80: open port 80 to the internet (firewall/security group) or use the DNS-01 challenge"
  ),
  pair(
    "h6-go-x509-legacy-common-name",
    "ssl",
    'Exit code 1\nError: Get "https://registry.internal:5000/v2/": x509: certificate relies on legacy Common Name field, use SANs instead',
    'Exit code 1\n2026/01/09 10:11:12 grpc: addrConn.createTransport failed to connect to {Addr: "backend.lan:8443"}: tls: failed to verify certificate: x509: certificate relies on legacy Common Name field, use SANs instead',
    'the server certificate has only a CN: regenerate it with a subjectAltName (openssl ... -addext "subjectAltName=DNS:<host>")'
  ),
  // more ruby
  pair(
    "h6-rails-credentials-no-editor",
    "ruby",
    `Exit code 1
No $EDITOR to open file in. Assign one like this:

EDITOR="mate --wait" bin/rails credentials:edit

For editors that fork and exit immediately, it's important to pass a wait flag;
otherwise, the file will be saved immediately with no chance to edit.`,
    'Exit code 1\nNo $VISUAL or $EDITOR to open file in. Assign one like this:\n\nVISUAL="code --wait" bin/rails credentials:edit --environment production',
    'set an editor for the command: EDITOR="vim" bin/rails credentials:edit (use a --wait flag for GUI editors)'
  ),
  pair(
    "h6-rails-adapter-not-specified",
    "ruby",
    "Exit code 1\nrails aborted!\nActiveRecord::AdapterNotSpecified: The `production` database is not configured for the `production` environment.\n\n  Available database configurations are:\n\n  development\n  test",
    "Exit code 1\n/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/database_configurations.rb:125:in `resolve_symbol_connection': The `staging` database is not configured for the `staging` environment. (ActiveRecord::AdapterNotSpecified)\n\n  Available database configurations are:\n\n  development\n  test\n  production",
    "config/database.yml has no entry for that RAILS_ENV: add the environment section (or set DATABASE_URL for it)"
  ),
  // more docker
  pair(
    "h6-docker-mount-dir-onto-file",
    "docker",
    'Exit code 125\ndocker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error mounting "/home/ana/site/nginx.conf" to rootfs at "/etc/nginx/nginx.conf": mount /home/ana/site/nginx.conf:/etc/nginx/nginx.conf (via /proc/self/fd/6), flags: 0x5000: not a directory: unknown: Are you trying to mount a directory onto a file (or vice-versa)? Check if the specified host path exists and is the expected type.',
    'Exit code 1\nError response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error mounting "/srv/stack/prometheus.yml" to rootfs at "/etc/prometheus/prometheus.yml": not a directory: unknown: Are you trying to mount a directory onto a file (or vice-versa)? Check if the specified host path exists and is the expected type.',
    "the host file did not exist so Docker created a directory in its place: remove that directory, create the real file at the host path (or fix the path), then start again"
  ),
  // more pytest
  pair(
    "h6-pytest-option-already-added",
    "pytest",
    `Exit code 4
Traceback (most recent call last):
  File "/home/ana/proj/.venv/lib/python3.11/site-packages/_pytest/config/__init__.py", line 1160, in pytest_cmdline_parse
ValueError: option names {'--env'} already added`,
    `Exit code 3
INTERNALERROR> Traceback (most recent call last):
INTERNALERROR>   File "/usr/local/lib/python3.12/site-packages/_pytest/config/argparsing.py", line 397, in addoption
INTERNALERROR>     raise ValueError("option names %s already added" % conflict)
INTERNALERROR> ValueError: option names {'--base-url'} already added`,
    "the same command-line option is registered twice (two conftest.py files, or a conftest plus an installed plugin): keep pytest_addoption for it in one place only"
  ),
  pair(
    "h6-pytest-return-not-none",
    "pytest",
    "Exit code 1\nFAILED tests/test_calc.py::test_add - pytest.PytestReturnNotNoneWarning: Expected None, but tests/test_calc.py::test_add returned 5, which will be an error in a future version of pytest.  Did you mean to use `assert` instead of `return`?",
    "Exit code 1\nE   pytest.PytestReturnNotNoneWarning: Expected None, but tests/api/test_auth.py::test_token returned {'access': 'x'}, which will be an error in a future version of pytest.  Did you mean to use `assert` instead of `return`?\n1 failed, 22 passed in 1.8s",
    "a test function returns a value (warnings are errors here): replace the return with an assert on that value"
  ),
  // more java
  pair(
    "h6-gradle-java-home-invalid",
    "java",
    "Exit code 1\n\nERROR: JAVA_HOME is set to an invalid directory: /usr/lib/jvm/java-17-openjdk-amd64\n\nPlease set the JAVA_HOME variable in your environment to match the\nlocation of your Java installation.",
    "Exit code 1\n\nERROR: JAVA_HOME is set to an invalid directory: C:\\Program Files\\Java\\jdk-11.0.2\n\nPlease set the JAVA_HOME variable in your environment to match the\nlocation of your Java installation.\n\n* Try:\n> Run with --stacktrace option to get the stack trace.",
    "JAVA_HOME points at a JDK that is not there: set it to an installed JDK directory (the one that contains bin/java)"
  ),
  // more cargo
  pair(
    "h6-rust-rc-not-send",
    "cargo",
    "Exit code 101\nerror[E0277]: `Rc<RefCell<Vec<u32>>>` cannot be sent between threads safely\n   --> src/main.rs:14:24\n    |\n14  |       let h = thread::spawn(move || {\n    |               ------------- ^------\n    |               |             |\n    |  _____________|_____________within this `{closure@src/main.rs:14:31: 14:38}`\n    |               required by a bound introduced by this call\n    = help: within `{closure@src/main.rs:14:31: 14:38}`, the trait `Send` is not implemented for `Rc<RefCell<Vec<u32>>>`",
    "Exit code 101\nerror: future cannot be sent between threads safely\n   --> src/server.rs:40:18\n    |\n40  |     tokio::spawn(async move {\n    |                  ^^^^^^^^^^ future created by async block is not `Send`\n    |\n    = help: within `{async block@src/server.rs:40:18}`, the trait `Send` is not implemented for `Rc<RefCell<State>>`\nnote: future is not `Send` as this value is used across an await",
    "Rc/RefCell cannot cross threads: use Arc<Mutex<..>> (or Arc<RwLock<..>>) for the shared state"
  ),
  pair(
    "h6-tokio-rt-multi-thread-feature",
    "cargo",
    "Exit code 101\nerror: The default runtime flavor is `multi_thread`, but the `rt-multi-thread` feature is disabled.\n --> src/main.rs:3:1\n  |\n3 | #[tokio::main]\n  | ^^^^^^^^^^^^^^\n  |\n  = note: this error originates in the attribute macro `tokio::main`",
    'Exit code 101\n   Compiling worker v0.1.0 (/srv/worker)\nerror: The default runtime flavor is `multi_thread`, but the `rt-multi-thread` feature is disabled.\n  --> src/bin/consumer.rs:11:1\n   |\n11 | #[tokio::main]\n   | ^^^^^^^^^^^^^^\nerror: could not compile `worker` (bin "consumer") due to 1 previous error',
    "enable the tokio rt-multi-thread feature (tokio = { features = ['rt-multi-thread', 'macros'] } or 'full'), or use #[tokio::main(flavor = 'current_thread')]"
  ),
  // more python
  pair(
    "h6-py-pkg-resources-missing",
    "python",
    `Exit code 1
Traceback (most recent call last):
  File "/home/ana/proj/.venv/bin/gunicorn", line 5, in <module>
    from gunicorn.app.wsgiapp import run
  File "/home/ana/proj/.venv/lib/python3.12/site-packages/gunicorn/util.py", line 25, in <module>
    import pkg_resources
ModuleNotFoundError: No module named 'pkg_resources'`,
    `Exit code 1
  File "/opt/venv/lib/python3.12/site-packages/pyfiglet/__init__.py", line 10, in <module>
    import pkg_resources
ModuleNotFoundError: No module named 'pkg_resources'`,
    "Python 3.12 venvs no longer include setuptools: pip install setuptools in that environment (or upgrade the package so it stops importing pkg_resources)"
  ),
  pair(
    "h6-torch-no-kernel-image",
    "python",
    "Exit code 1\nRuntimeError: CUDA error: no kernel image is available for execution on the device\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
    "Exit code 1\n/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py:230: UserWarning: \nNVIDIA H100 80GB HBM3 with CUDA capability sm_90 is not compatible with the current PyTorch installation.\nThe current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70 sm_75 sm_80 sm_86.\nRuntimeError: CUDA error: no kernel image is available for execution on the device",
    "the installed PyTorch wheel was not built for this GPU's compute capability: install a torch build for a newer CUDA version (pip install torch --index-url https://download.pytorch.org/whl/cu12x)"
  ),
  pair(
    "h6-flask-template-not-found",
    "python",
    'Exit code 1\n  File "/home/ana/blog/.venv/lib/python3.11/site-packages/flask/templating.py", line 99, in _get_source_fast\n    raise TemplateNotFound(template)\njinja2.exceptions.TemplateNotFound: index.html',
    'Exit code 1\n[2026-02-11 09:14:55,120] ERROR in app: Exception on /dashboard [GET]\nTraceback (most recent call last):\n  File "/srv/panel/venv/lib/python3.12/site-packages/flask/templating.py", line 150, in render_template\n    template = app.jinja_env.get_or_select_template(template_name_or_list)\njinja2.exceptions.TemplateNotFound: dashboard/home.html',
    "Flask looks for templates in a 'templates' folder next to the app module: put the file under templates/ (or pass template_folder= to Flask())"
  ),
  // more go / haskell / dotnet / php / terraform
  pair(
    "h6-go-race-requires-cgo",
    "go",
    "Exit code 2\ngo: -race requires cgo; enable cgo by setting CGO_ENABLED=1",
    "Exit code 1\ngo: -race requires cgo; enable cgo by setting CGO_ENABLED=1\nmake: *** [Makefile:31: test] Error 1",
    "the race detector needs cgo: run with CGO_ENABLED=1 (and a C compiler installed), or drop -race"
  ),
  pair(
    "h6-stack-no-compiler",
    "haskell",
    'Exit code 1\nNo compiler found, expected minor version match with ghc-9.4.8 (x86_64) (based on resolver setting in /home/ana/hs/stack.yaml).\nTo install the correct GHC into /home/ana/.stack/programs/x86_64-linux/, try running "stack setup" or use the "--install-ghc" flag.',
    "Exit code 1\nError: [S-4764]\n       No compiler found, expected minor version match with ghc-9.6.6 (aarch64) (based on resolver setting in /Users/li/code/api/stack.yaml).\n       To install the correct GHC into /Users/li/.stack/programs/aarch64-osx/, try running stack setup or use the --install-ghc flag.",
    "run stack setup (or pass --install-ghc) so stack installs the GHC the resolver needs"
  ),
  pair(
    "h6-cs8803-top-level-statements",
    "dotnet",
    "Exit code 1\n/home/ana/Tool/Program.cs(14,1): error CS8803: Top-level statements must precede namespace and type declarations. [/home/ana/Tool/Tool.csproj]\n\nBuild FAILED.",
    "Exit code 1\nC:\\src\\Api\\Program.cs(40,1): error CS8803: Top-level statements must precede namespace and type declarations. [C:\\src\\Api\\Api.csproj]\n    0 Warning(s)\n    1 Error(s)",
    "move all top-level statements above the first class/namespace declaration in Program.cs (put helper types at the bottom or in their own files)"
  ),
  pair(
    "h6-php7-mysql-connect-removed",
    "php",
    "Exit code 255\nPHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /var/www/html/includes/db.php:5\nStack trace:\n#0 /var/www/html/index.php(3): require_once()\n#1 {main}\n  thrown in /var/www/html/includes/db.php on line 5",
    "Exit code 255\nPHP Fatal error:  Uncaught Error: Call to undefined function mysql_query() in /home/site/public_html/lib/users.php:41",
    "the mysql_* extension was removed in PHP 7: port the code to mysqli or PDO"
  ),
  pair(
    "h6-tf-invalid-index-empty",
    "terraform",
    'Exit code 1\n\u2577\n\u2502 Error: Invalid index\n\u2502 \n\u2502   on outputs.tf line 3, in output "bastion_ip":\n\u2502    3:   value = aws_instance.bastion[0].public_ip\n\u2502     \u251C\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n\u2502     \u2502 aws_instance.bastion is empty tuple\n\u2502 \n\u2502 The given key does not identify an element in this collection value: the collection has no elements.\n\u2575',
    'Exit code 1\n\u2502 Error: Invalid index\n\u2502\n\u2502   on main.tf line 57, in resource "aws_route53_record" "www":\n\u2502   57:   records = [module.lb[0].dns_name]\n\u2502     \u251C\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n\u2502     \u2502 module.lb is empty tuple\n\u2502\n\u2502 The given key does not identify an element in this collection value: the\n\u2502 collection has no elements.',
    "the resource/module has count = 0 here: guard the reference (one(x[*].attr), try(x[0].attr, null), or a conditional on the count)"
  )
];
var HOLDOUT5_UNRELATED = [
  // npm / node
  `Exit code 1
node:internal/modules/esm/resolve:894
  throw new ERR_PACKAGE_IMPORT_NOT_DEFINED(name, packageJSONUrl, base);
        ^

TypeError [ERR_PACKAGE_IMPORT_NOT_DEFINED]: Package import specifier "#db/client" is not defined in package /home/ana/api/package.json imported from /home/ana/api/src/server.js
    at importNotDefined (node:internal/modules/esm/resolve:300:10)
    at packageImportsResolve (node:internal/modules/esm/resolve:741:3) {
  code: 'ERR_PACKAGE_IMPORT_NOT_DEFINED'
}

Node.js v20.11.1`,
  "Exit code 1\nTypeError: fetch failed\n    at node:internal/deps/undici/undici:13185:13\n    at async pollStatus (/home/jo/app/scripts/poll.mjs:20:15) {\n  [cause]: HeadersTimeoutError: Headers Timeout Error\n      at Timeout.onParserTimeout [as callback] (node:internal/deps/undici/undici:9189:32) {\n    code: 'UND_ERR_HEADERS_TIMEOUT'\n  }\n}\n\nNode.js v20.12.0",
  "Exit code 1\nnpm ERR! code E429\nnpm ERR! 429 Too Many Requests - GET https://registry.npmjs.org/@types%2freact\n\nnpm ERR! A complete log of this run can be found in: /home/ci/.npm/_logs/2026-03-01T10_00_00_000Z-debug-0.log",
  "Exit code 1\nUsage Error: The nearest package directory (/home/ana/web/tools/gen) doesn't seem to be part of the project declared in /home/ana/web.\n\n- If /home/ana/web isn't intended to be a project, remove any yarn.lock and/or package.json file there.\n- If /home/ana/web is intended to be a project, it might be that you forgot to list tools/gen in its workspace configuration.\n- Finally, if /home/ana/web is fine and you intend tools/gen to be treated as a completely separate project (not even a workspace), create an empty yarn.lock file in it.",
  `Exit code 1
 FAIL  src/utils/format.test.ts
  \u25CF formatPrice \u203A rounds half up

    expect(received).toBe(expected) // Object.is equality

    Expected: "10.05"
    Received: "10.04"

      12 |   it('rounds half up', () => {
    > 13 |     expect(formatPrice(10.045)).toBe('10.05');
         |                                 ^

Tests:       1 failed, 41 passed, 42 total`,
  // tsc
  "Exit code 2\nsrc/routes/orders.ts:58:5 - error TS7027: Unreachable code detected.\n\n58     logger.info('done');\n       ~~~~~~~~~~~~~~~~~~~~\n\nFound 1 error in src/routes/orders.ts:58",
  `Exit code 2
src/server/log.ts:1:8 - error TS2613: Module '"./logger"' has no default export. Did you mean to use 'import { Logger } from "./logger"' instead?

1 import Logger from './logger';
         ~~~~~~

Found 1 error in src/server/log.ts:1`,
  "Exit code 2\nsrc/jobs/sync.ts(44,14): error TS1196: Catch clause variable type annotation must be 'any' or 'unknown' if specified.",
  `Exit code 1
error TS6046: Argument for '--moduleResolution' option must be: 'node', 'classic', 'node16', 'nodenext'.

  tsconfig.json:5:25
    5     "moduleResolution": "bundler",
                            ~~~~~~~~~`,
  // webpack / next / angular
  'Exit code 1\n   Collecting page data  ..Error: Page "/blog/[slug]" is missing param "/blog/hello-world" in "generateStaticParams()", which is required with "output: export" config.\n    at /home/lea/site/node_modules/next/dist/build/index.js:1295:59\n\n> Build error occurred',
  'Exit code 1\n \u26A0 Invalid next.config.js options detected: \n \u26A0     Expected object, received boolean at "images"\n \u26A0 See more info here: https://nextjs.org/docs/messages/invalid-next-config',
  "Exit code 1\n\u2718 [ERROR] bundle initial exceeded maximum budget. Budget 1.00 MB was not met by 215.34 kB with a total of 1.21 MB.\n\nApplication bundle generation failed. [9.812 seconds]",
  "Exit code 1\nERROR in ./src/index.ts\nModule build failed (from ./node_modules/ts-loader/index.js):\nError: error while parsing tsconfig.json\n    at Object.loader (/home/raj/app/node_modules/ts-loader/dist/index.js:18:18)\n\nwebpack 5.91.0 compiled with 1 error in 812 ms",
  // python
  `Exit code 1
Traceback (most recent call last):
  File "/home/ray/svc/app/models.py", line 4, in <module>
    from typing import Self
ImportError: cannot import name 'Self' from 'typing' (/usr/lib/python3.10/typing.py)`,
  `Exit code 1
Traceback (most recent call last):
  File "/home/ci/report/plot.py", line 5, in <module>
    matplotlib.pyplot.figure()
AttributeError: module 'matplotlib' has no attribute 'pyplot'`,
  "Exit code 1\n\nCondaValueError: prefix already exists: /opt/conda/envs/ml",
  'Exit code 1\nTraceback (most recent call last):\n  File "/home/max/api/app/schemas.py", line 20, in <module>\n    class Page(BaseModel):\n  File "/home/max/api/.venv/lib/python3.11/site-packages/pydantic/_internal/_model_construction.py", line 96, in __new__\npydantic.errors.PydanticUserError: A non-annotated attribute was detected: `default_limit = 10`. All model fields require a type annotation; if `default_limit` is not meant to be a field, you may be able to resolve this error by annotating it as a `ClassVar` or updating `model_config[\'ignored_types\']`.',
  "Exit code 1\nsqlalchemy.exc.InvalidRequestError: When initializing mapper Mapper[User(users)], expression 'Order' failed to locate a name ('Order'). If this is a class name, consider adding this relationship() to the <class 'app.models.user.User'> class after both dependent classes have been defined.",
  // pytest
  "Exit code 1\n    async def test_fetch_user(client):\n        resp = client.get('/users/42')\n>       assert resp.json()['id'] == 42\nE       AttributeError: 'coroutine' object has no attribute 'json'\n\ntests/test_api.py:14: AttributeError\nFAILED tests/test_api.py::test_fetch_user - AttributeError: 'coroutine' object has no attribute 'json'",
  "Exit code 1\n_____________ ERROR at setup of test_profile[admin] _____________\nIn test_profile: indirect fixture 'user' doesn't exist\nERROR tests/test_profile.py::test_profile[admin]\n1 error in 0.33s",
  `Exit code 1
Creating test database for alias 'default'...
Got an error creating the test database: database "test_shop" already exists

Type 'yes' if you would like to try deleting the test database 'test_shop', or 'no' to cancel: 
ERROR: pytest-django could not create the test database`,
  // go
  "Exit code 1\n# example.com/metrics\n./agg.go:22:5: invalid operation: operator ! not defined on n (variable of type int)",
  "Exit code 1\ncmd/api/main.go:88:2: ineffectual assignment to err (ineffassign)\n	err = db.Ping()\n	^\n1 issues:\n* ineffassign: 1",
  "Exit code 1\n# example.com/api/models\nvet: models/user.go:14:2: struct field tag `json:name` not compatible with reflect.StructTag.Get: bad syntax for struct tag value",
  "Exit code 2\n--- FAIL: TestParseDuration (0.00s)\n    parse_test.go:31: got 90s, want 1m30s\nFAIL\nFAIL	example.com/timeutil	0.004s",
  // cargo
  "Exit code 101\nerror[E0412]: cannot find type `Confg` in this scope\n --> src/main.rs:8:15\n  |\n8 | fn load() -> Confg {\n  |              ^^^^^ help: a struct with a similar name exists: `Config`",
  "Exit code 101\nerror[E0062]: field `name` specified more than once\n  --> src/db/users.rs:51:13\n   |\n49 |             name: row.get(0),\n   |             ---------------- first use of `name`\n50 |             email: row.get(1),\n51 |             name: row.get(2),\n   |             ^^^^ used more than once",
  "Exit code 101\nerror[E0560]: struct `User` has no field named `emial`\n  --> src/db/users.rs:50:13\n   |\n50 |             emial: row.get(1),\n   |             ^^^^^ unknown field\n   |\nhelp: a field with a similar name exists\n   |\n50 |             email: row.get(1),",
  "Exit code 101\nerror: failed to parse manifest at `/home/ivan/projects/cli/Cargo.toml`\n\nCaused by:\n  TOML parse error at line 14, column 1\n     |\n  14 | [dependencies]\n     | ^\n  invalid table header\n  duplicate key `dependencies` in document root",
  // git
  'Exit code 1\nYou need to start by "git bisect start"\n\nDo you want me to do it for you [Y/n]? ',
  "Exit code 1\nOn branch main\nYour branch is up to date with 'origin/main'.\n\nnothing to commit, working tree clean",
  // ssl / network / ssh / apt
  "Exit code 255\nkex_exchange_identification: read: Connection reset by peer\nConnection reset by 192.168.1.20 port 22",
  "Exit code 8\n--2026-03-14 15:40:02--  https://downloads.acme.dev/cli/latest.tar.gz\nResolving downloads.acme.dev (downloads.acme.dev)... 185.199.1.5\nConnecting to downloads.acme.dev (downloads.acme.dev)|185.199.1.5|:443... connected.\nHTTP request sent, awaiting response... 403 Forbidden\n2026-03-14 15:40:03 ERROR 403: Forbidden.",
  "Exit code 1\nCertbot failed to authenticate some domains (authenticator: webroot). The Certificate Authority reported these problems:\n  Domain: shop.example.com\n  Type:   unauthorized\n  Detail: 203.0.113.7: Invalid response from http://shop.example.com/.well-known/acme-challenge/x1Y2: 404",
  "Exit code 1\nAn unexpected error occurred:\nError creating new order :: too many certificates (5) already issued for this exact set of domains in the last 168h0m0s, retry after 2026-03-20 10:00:00 UTC: see https://letsencrypt.org/docs/rate-limits/#new-certificates-per-exact-set-of-hostnames",
  "Exit code 100\nIgn:5 http://archive.ubuntu.com/ubuntu impish InRelease\nErr:6 http://archive.ubuntu.com/ubuntu impish Release\n  404  Not Found [IP: 91.189.91.39 80]\nE: The repository 'http://archive.ubuntu.com/ubuntu impish Release' does not have a Release file.",
  // db
  "Exit code 1\nERROR 1046 (3D000) at line 1: No database selected",
  "Exit code 1\nERROR:  ON CONFLICT DO UPDATE command cannot affect row a second time\nHINT:  Ensure that no rows proposed for insertion within the same command have duplicate constrained values.",
  "Exit code 1\n(error) MOVED 3999 127.0.0.1:6381",
  "Exit code 1\nERROR:  cannot drop index users_email_key because constraint users_email_key on table users requires it\nHINT:  You can drop constraint users_email_key on table users instead.",
  // shell
  "Exit code 2\n./build.sh: line 12: [: missing `]'",
  "Exit code 1\nrm: refusing to remove '.' or '..' directory: skipping '.'",
  "Exit code 1\nsed: -e expression #1, char 16: invalid reference \\1 on `s' command's RHS",
  "Exit code 2\ngrep: invalid option -- P\nusage: grep [-abcdDEFGHhIiJLlMmnOopqRSsUVvwXxZz] [-A num] [-B num] [-C[num]]",
  // docker
  "Exit code 1\nError: Cannot perform an interactive login from a non TTY device",
  "Exit code 1\nservices.web.environment.[0]: unexpected type map[string]interface {}",
  // java
  "Exit code 1\n[WARNING] Rule 2: org.apache.maven.enforcer.rules.dependency.DependencyConvergence failed with message:\nFailed while enforcing releasability.\n\nDependency convergence error for com.google.guava:guava:jar:32.1.2-jre paths to dependency are:\n+-com.acme:core:jar:1.0.0\n  +-com.google.guava:guava:jar:32.1.2-jre\nand\n+-com.acme:core:jar:1.0.0\n  +-com.google.cloud:google-cloud-storage:jar:2.30.0\n    +-com.google.guava:guava:jar:33.0.0-jre\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.4.1:enforce (enforce) on project core: Some Enforcer rules have failed.",
  "Exit code 1\n> Task :compileJava FAILED\n/home/ian/legacy/src/main/java/com/acme/web/AuthFilter.java:5: error: package jakarta.servlet.http does not exist\nimport jakarta.servlet.http.HttpServletRequest;\n                           ^",
  "Exit code 1\nExecution failed for task ':app:mergeDebugResources'.\n> A failure occurred while executing com.android.build.gradle.internal.res.ResourceCompilerRunnable\n   > Resource compilation failed (Failed to compile values resource file /home/dev/app/app/build/intermediates/incremental/debug/mergeDebugResources/merged.dir/values/values.xml. Cause: java.lang.IllegalStateException: Can not extract resource from com.android.aaptcompiler.ParsedResource@1a2b3c.). Check logs for more details.\n   > AAPT: error: resource color/primary_dark (aka com.acme.notes:color/primary_dark) not found.",
  // c / c++
  "Exit code 1\ninclude/renderer.h:31:2: error: expected ';' after class definition\n   31 | }\n      |  ^\n      |  ;",
  "Exit code 1\nsrc/parse.c: In function 'read_name':\nsrc/parse.c:44:20: error: passing argument 1 of 'strlen' makes pointer from integer without a cast [-Wint-conversion]\n   44 |     size_t n = strlen(c);\n      |                       ^\n      |                       |\n      |                       char",
  "Exit code 1\nsrc/net.cpp:12:42: error: default argument given for parameter 2 of 'void connect(const string&, int)' [-fpermissive]\n   12 | void connect(const std::string& host, int port = 80) {\n      |                                          ^\ninclude/net.h:7:6: note: previous specification in 'void connect(const string&, int)' here",
  // ruby
  "Exit code 1\nrails aborted!\nActiveRecord::RecordInvalid: Validation failed: Email has already been taken\n/home/zed/app/db/seeds.rb:4:in `<main>'",
  "Exit code 1\nActionDispatch::Cookies::CookieOverflow (ActionDispatch::Cookies::CookieOverflow):\n  app/controllers/cart_controller.rb:22:in `add'",
  "Exit code 1\n[!] There was an error parsing `Gemfile`: syntax error, unexpected ':', expecting end-of-input - gem 'rails', '~> 7.1': require: false\n                       ^\n. Bundler cannot continue.",
  // claude
  "<tool_use_error>Path is not a directory: /home/ana/app/src/index.ts</tool_use_error>",
  "Error: Failed to fetch https://wiki.internal.corp/page/Onboarding: getaddrinfo ENOTFOUND wiki.internal.corp",
  // more npm / node / eslint
  "Exit code 1\n/home/ana/shop/src/pages/Checkout.jsx\n  14:5  error  Unexpected console statement  no-console\n\n\u2716 1 problem (1 error, 0 warnings)",
  // more tsc
  "Exit code 2\nsrc/config.ts(22,3): error TS1117: An object literal cannot have multiple properties with the same name.",
  // more webpack / vite / next
  "Exit code 1\nError: Dynamic server usage: Route /dashboard couldn't be rendered statically because it used `cookies`. See more info here: https://nextjs.org/docs/messages/dynamic-server-error\n\n> Export encountered errors on following paths:\n	/dashboard/page: /dashboard",
  "Exit code 1\nerror during build:\n[vite:terser] terser not found. Since Vite v3, terser has become an optional dependency. You need to install it.",
  // more python
  'Exit code 1\nTraceback (most recent call last):\n  File "/home/ann/etl/load.py", line 31, in <module>\n    for key, value in rows:\nValueError: too many values to unpack (expected 2)',
  'Exit code 1\nTraceback (most recent call last):\n  File "/home/zoe/nb/hash.py", line 9, in <module>\n    arr = np.array([2**70], dtype=np.int64)\nOverflowError: Python int too large to convert to C long',
  // more pytest
  "Exit code 1\nE   requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=8000): Max retries exceeded with url: /health (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f1c>: Failed to establish a new connection: [Errno 111] Connection refused'))\nFAILED tests/e2e/test_health.py::test_health - requests.exceptions.ConnectionError",
  // more go
  'Exit code 1\ngo: warning: "./..." matched no packages\nno packages to test',
  // more cargo
  "Exit code 101\nerror: expected one of `,`, `:`, or `}`, found `=`\n  --> src/config.rs:12:14\n   |\n11 | let cfg = Config {\n   |           ------ while parsing this struct\n12 |     timeout = 30,\n   |             ^ expected one of `,`, `:`, or `}`",
  // more git
  "Exit code 128\nfatal: Needed a single revision\ninvalid upstream 'origin/develp'",
  "Exit code 1\nerror: tag 'v2.4.0' not found.",
  "Exit code 128\nfatal: No names found, cannot describe anything.",
  // more ssl / ssh
  "Exit code 255\nWarning: Identity file /home/ci/.ssh/deploy_key not accessible: No such file or directory.\ndeploy@203.0.113.40: Permission denied (publickey).",
  // more db
  "Exit code 1\nERROR 2013 (HY000) at line 42: Lost connection to MySQL server during query",
  'Exit code 2\npsql: error: connection to server at "db" (172.18.0.2), port 5432 failed: FATAL:  the database system is starting up',
  `Exit code 1
Traceback (most recent call last):
  File "/home/li/notes/init_db.py", line 8, in <module>
    cur.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)')
sqlite3.OperationalError: table notes already exists`,
  'Exit code 1\nERROR:  column "total" is of type numeric but expression is of type text\nLINE 1: INSERT INTO invoices (total) VALUES ($1)\n                                            ^\nHINT:  You will need to rewrite or cast the expression.',
  // more shell
  "Exit code 1\ncp: cannot stat 'dist/*': No such file or directory",
  "Exit code 1\nchmod: cannot access 'scripts/deploy.sh': No such file or directory",
  "Exit code 1\n./start.sh: line 2: ulimit: open files: cannot modify limit: Operation not permitted",
  // more docker
  "Exit code 125\ndocker: Error response from daemon: No command specified.\nSee 'docker run --help'.",
  'Exit code 1\nError response from daemon: cannot remove container "/api": container is running: stop the container before removing or force remove',
  // more java
  "Exit code 1\n* What went wrong:\nA problem occurred evaluating root project 'shop'.\n> Could not find method implementation() for arguments [org.slf4j:slf4j-api:2.0.9] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler.",
  // more ruby
  "Exit code 1\n/home/zed/app/lib/settings.rb:5:in `read': No such file or directory @ rb_sysopen - config/settings.yml (Errno::ENOENT)",
  // php
  'Exit code 255\nPHP Parse error:  syntax error, unexpected token "}" in /var/www/html/report.php on line 40',
  "Exit code 1\n\n  [InvalidArgumentException]\n  Could not find package acme/pdf-toolz.\n\n  Did you mean this?\n      acme/pdf-tools",
  "Exit code 1\nComposer could not find a composer.json file in /home/ana/site\nTo initialize a project, please create a composer.json file. See https://getcomposer.org/basic-usage",
  // dotnet
  "Exit code 1\nThe migration '20260101093000_Init' has already been applied to the database. Revert it and try again. If the migration has been applied to other databases, consider reverting its changes using a new migration instead.",
  "Exit code 1\n/home/ana/src/Api/Api.csproj : error NU1102: Unable to find package Serilog.Sinks.Foo with version (>= 9.9.0)\n  - Found 12 version(s) in nuget.org [ Nearest version: 5.0.0 ]",
  "Exit code 1\nCSC : error CS0017: Program has more than one entry point defined. Compile with /main to specify the type that contains the entry point. [/home/ana/Tool/Tool.csproj]",
  "Exit code 1\n/home/ana/Tool/Services/Mailer.cs(18,24): error CS0103: The name 'config' does not exist in the current context [/home/ana/Tool/Tool.csproj]",
  // terraform
  "Exit code 1\n\u2577\n\u2502 Error: deleting S3 Bucket (acme-logs-prod): operation error S3: DeleteBucket, https response error StatusCode: 409, RequestID: 8Q2W, api error BucketNotEmpty: The bucket you tried to delete is not empty\n\u2575",
  'Exit code 1\n\u2577\n\u2502 Error: Failed to load "tfplan" as a plan file\n\u2502 \n\u2502 Error: stat tfplan: no such file or directory\n\u2575',
  'Exit code 1\n\u2577\n\u2502 Error: Unsupported attribute\n\u2502 \n\u2502   on outputs.tf line 7, in output "lb_dns":\n\u2502    7:   value = aws_lb.main.dns\n\u2502 \n\u2502 This object has no argument, nested block, or exported attribute named "dns". Did you mean "dns_name"?\n\u2575',
  "Exit code 1\n\u2577\n\u2502 Error: No configuration files\n\u2502 \n\u2502 Apply requires configuration to be present. Applying without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run 'terraform destroy' instead.\n\u2575",
  // k8s
  "Exit code 1\nUnable to connect to the server: dial tcp 10.0.0.5:6443: i/o timeout",
  "Exit code 1\nUnable to connect to the server: getting credentials: exec: executable aws not found\n\nIt looks like you are trying to use a client-go credential plugin that is not installed.",
  'Exit code 1\nError from server (BadRequest): container "app" in pod "web-7d9f8c6b5-x2x4q" is waiting to start: ContainerCreating',
  'Exit code 1\nerror: error validating "deploy.yaml": error validating data: ValidationError(Deployment.spec.template.spec.containers[0]): missing required field "image" in io.k8s.api.core.v1.Container; if you choose to ignore these errors, turn validation off with --validate=false',
  'Exit code 1\nerror: the path "k8s/overlays/prod/deploy.yaml" does not exist',
  // swift
  "Exit code 65\nerror: No profiles for 'com.acme.notes' were found: Xcode couldn't find any iOS App Development provisioning profiles matching 'com.acme.notes'. Automatic signing is disabled and unable to generate a profile. To enable automatic signing, pass -allowProvisioningUpdates to xcodebuild. (in target 'NotesApp' from project 'NotesApp')",
  'Exit code 1\n[!] CocoaPods could not find compatible versions for pod "FirebaseAuth":\n  In Podfile:\n    FirebaseAuth (~> 11.0)\n\nSpecs satisfying the `FirebaseAuth (~> 11.0)` dependency were found, but they required a higher minimum deployment target.',
  "Exit code 1\nerror: Could not find Package.swift in this directory or any of its parent directories.",
  // elixir
  "Exit code 1\nResolving Hex dependencies...\nResolution completed in 0.12s\nBecause your app depends on phoenix ~> 1.8 which doesn't match any versions, version solving failed.\n** (Mix) Hex dependency resolution failed",
  'Exit code 1\n** (Ecto.Query.CastError) deps/ecto/lib/ecto/repo/queryable.ex:457: value `"abc"` in `where` cannot be cast to type :id in query:\n\nfrom u0 in Shop.Accounts.User,\n  where: u0.id == ^"abc"',
  "Exit code 1\n** (CompileError) lib/shop/accounts/user.ex:42: undefined function validate_email/1 (expected Shop.Accounts.User to define such a function or for it to be imported, but none are available)",
  'Exit code 1\n** (ArgumentError) errors were found at the given arguments:\n\n  * 1st argument: not an atom\n\n    :erlang.atom_to_binary("admin")',
  // haskell
  "Exit code 1\nsrc/Main.hs:9:15: error: [GHC-39999]\n    \u2022 No instance for \u2018Num String\u2019 arising from the literal \u20181\u2019\n    \u2022 In the first argument of \u2018greet\u2019, namely \u20181\u2019",
  "Exit code 1\napp/Main.hs:22:18: error: [GHC-83865]\n    \u2022 Couldn't match expected type \u2018Int\u2019 with actual type \u2018Maybe Int\u2019\n    \u2022 In the first argument of \u2018(+)\u2019, namely \u2018lookupAge name\u2019",
  "Exit code 1\nsrc/Stats.hs:7:11: error: [GHC-88464]\n    Variable not in scope: foldl' :: (b0 -> a0 -> b0) -> Int -> [Int] -> Int\n    Suggested fix:\n      Perhaps use one of these:\n        \u2018foldl\u2019 (imported from Prelude), \u2018foldr\u2019 (imported from Prelude)",
  "Exit code 1\nsrc/Parser.hs:31:9: error: [GHC-58481] parse error on input \u2018=\u2019\n   |\n31 |   let x = 1\n   |         ^",
  // extra near misses
  "Exit code 1\nFailures:\n\n  1) Admin::ReportsController GET #index returns ok\n     Failure/Error: expect(response).to have_http_status(:ok)\n       expected the response to have status code :ok (200) but it was :found (302)\n     # ./spec/requests/admin/reports_spec.rb:9:in `block (3 levels) in <top (required)>'\n\nrspec ./spec/requests/admin/reports_spec.rb:7 # Admin::ReportsController GET #index returns ok",
  "Exit code 1\nsrc/buffer.c: In function 'fill':\nsrc/buffer.c:18:15: error: array subscript 10 is above array bounds of 'int[10]' [-Werror=array-bounds=]\n   18 |         buf[i] = 0;\n      |         ~~~~~~^~~\ncc1: all warnings being treated as errors",
  "Exit code 1\njava.lang.IllegalArgumentException: Name for argument of type [java.lang.Long] not specified, and parameter name information not available via reflection. Ensure that the compiler uses the '-parameters' flag.\n	at org.springframework.web.method.annotation.AbstractNamedValueMethodArgumentResolver.updateNamedValueInfo(AbstractNamedValueMethodArgumentResolver.java:186)",
  "Exit code 2\npanic: sql: Register called twice for driver postgres\n\ngoroutine 1 [running]:\ndatabase/sql.Register({0x9a1b2c, 0x8}, {0xa0b1c0, 0xc0000a2010})\n	/usr/local/go/src/database/sql/sql.go:51 +0x13d",
  "Exit code 2\nmysqldump: Got error: 1044: Access denied for user 'app'@'%' to database 'shop' when using LOCK TABLES",
  "Exit code 1\nbash: line 1: cd: /srv/app/current: Not a directory",
  "Exit code 2\nsrc/models/user.ts:12:3 - error TS1240: Unable to resolve signature of property decorator when called as an expression.\n  Argument of type 'undefined' is not assignable to parameter of type 'Object'.\n\n12   @Column()\n     ~~~~~~~~~",
  "Exit code 255\nPHP Fatal error:  Uncaught Error: Call to undefined method App\\Models\\Invoice::totals() in /var/www/app/Http/Controllers/InvoiceController.php:31"
];

// bench/kb-synth.ts
var TEMPLATES = [
  (w) => `Error: Cannot resolve ${w()}-${w()} from ${w()} package ${w()}`,
  (w) => `TypeError: ${w()}${cap(w())} is not a function`,
  (w) => `ReferenceError: ${w()}${cap(w())} is not defined`,
  (w, n) => `src/${w()}/${w()}.ts(${n()},${n()}): error TS${2300 + n() % 600}: Property ${w()} does not exist on type ${cap(w())}${cap(w())}.`,
  (w) => `ModuleNotFoundError: No module named ${w()}_${w()}`,
  (w) => `AttributeError: ${cap(w())}${cap(w())} object has no attribute ${w()}_${w()}`,
  (w) => `error[E0412]: cannot find type ${cap(w())}${cap(w())} in module ${w()}`,
  (w) => `fatal: couldn't find remote ref ${w()}/${w()}-${w()}`,
  (w) => `npm ERR! missing script: ${w()}:${w()}`,
  (w) => `docker: Error response from daemon: No such container: ${w()}-${w()}-${w()}`,
  (w) => `E       ${cap(w())}${cap(w())}Error: ${w()} ${w()} ${w()}`,
  (w) => `KeyError: ${w()}_${w()}_${w()} missing in ${w()}`,
  (w) => `${w()}: command not found (${w()} ${w()})`,
  (w) => `panic: runtime error: ${w()} ${w()} out of range in ${w()}.${cap(w())}`,
  (w) => `java.lang.IllegalStateException: ${cap(w())} ${w()} is not ${w()} for ${w()}`,
  (w) => `Uncaught ${cap(w())}Exception: ${w()} ${w()} failed for ${w()}`
];
var SYLLABLES = "ka ri to mo na lu pe si da vo ze fi gu ha ne bo ra mi te lo su pa ki do".split(" ");
function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = s * 1664525 + 1013904223 >>> 0) / 2 ** 32;
}
function synthErrors(n, seed = 1) {
  const r = rng(seed);
  const word = () => {
    const k = 2 + Math.floor(r() * 3);
    let s = "";
    for (let i = 0; i < k; i++) s += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    return s;
  };
  const num = () => 1 + Math.floor(r() * 400);
  const out = /* @__PURE__ */ new Set();
  let guard = 0;
  while (out.size < n && guard++ < n * 20) {
    const t = TEMPLATES[Math.floor(r() * TEMPLATES.length)];
    out.add(t(word, num));
  }
  return [...out];
}

// src/embed/local.ts
import { cpus } from "node:os";
var LocalModelMissingError = class extends Error {
  constructor(location, missing) {
    super(`the embedding model is not present at ${location.dir} (missing ${missing.join(", ")})`);
    this.location = location;
    this.missing = missing;
  }
  location;
  missing;
};
function configureTransformers(tr, loc, opts = {}) {
  const env = tr.env;
  env.allowLocalModels = true;
  env.localModelPath = loc.localModelPath.endsWith("/") ? loc.localModelPath : loc.localModelPath + "/";
  env.allowRemoteModels = opts.allowRemote === true;
  env.useFSCache = opts.allowRemote === true;
  env.cacheDir = loc.localModelPath;
  env.useBrowserCache = false;
  const host = opts.remoteHost ?? process.env.HF_ENDPOINT;
  if (host) env.remoteHost = host.endsWith("/") ? host : host + "/";
  env.logLevel = tr.LogLevel.ERROR;
}
async function loadLocalEmbedder(config2, env = process.env, opts = {}) {
  const status = modelStatus(config2, env);
  const loc = status.location;
  if (!status.present && !opts.allowRemote) throw new LocalModelMissingError(loc, status.missing);
  const t0 = performance.now();
  const tr = await import("@huggingface/transformers");
  configureTransformers(tr, loc, opts);
  const threads = opts.threads ?? Math.max(1, Math.min(2, cpus().length));
  const extractor = await tr.pipeline("feature-extraction", loc.id, {
    dtype: loc.dtype,
    device: "cpu",
    session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
    ...opts.progress ? { progress_callback: opts.progress } : {}
  });
  const loadMs = performance.now() - t0;
  const run = async (texts) => {
    const out = await extractor(texts, { pooling: "mean", normalize: true });
    const dims = out.dims[out.dims.length - 1] ?? 0;
    const data = out.data;
    return texts.map((_, i) => {
      const v = Float32Array.from({ length: dims }, (_x, j) => data[i * dims + j]);
      return validVector(v, EMBED_DIMS) ? v : null;
    });
  };
  return {
    name: "local model",
    dims: EMBED_DIMS,
    loadMs,
    async embed(texts) {
      const clean = texts.map((t) => typeof t === "string" ? t : "");
      if (clean.length === 0) return [];
      try {
        if (clean.every((t) => t.trim())) return await run(clean);
      } catch {
      }
      const out = [];
      for (const t of clean) {
        if (!t.trim()) {
          out.push(null);
          continue;
        }
        try {
          out.push((await run([t]))[0] ?? null);
        } catch {
          out.push(null);
        }
      }
      return out;
    },
    async close() {
      try {
        await extractor.dispose?.();
      } catch {
      }
    }
  };
}
export {
  CONTEXT_MIN_DICE,
  DETAIL_TAIL_MIN_SCORE,
  EMBED_BATCH,
  EXIT_CODE_LINE,
  FRAME_LINE,
  HEADLINE_LINE,
  HOLDOUT2_PAIRS,
  HOLDOUT2_UNRELATED,
  HOLDOUT3_PAIRS,
  HOLDOUT3_UNRELATED,
  HOLDOUT4_PAIRS,
  HOLDOUT4_UNRELATED,
  HOLDOUT5_PAIRS,
  HOLDOUT5_UNRELATED,
  IDENT_WEIGHT,
  KEY_MAX,
  PAIRS,
  PREFIX_TAIL_MIN_SCORE,
  PROGRESS_LINE,
  RELAY_PREFIX,
  SIGNATURE_LINES,
  SUMMARY_LINE,
  TRACEBACK_LINE,
  TUNING2_PAIRS,
  TUNING2_UNRELATED,
  UNRELATED,
  WRAPPER_LINE,
  bumpUse,
  closeDb,
  codes,
  contextAgrees,
  cruxDiffers,
  describeResolution,
  detailAgrees,
  distinctive,
  ecosystemOf,
  errorKey,
  errorSignature,
  escapeLike,
  extractErrorMessage,
  fits,
  generateErrorEmbeddings,
  identTokens,
  isStopWord,
  keyWithReporter,
  keywords,
  lengthRatio,
  loadConfig,
  loadLocalEmbedder,
  mask,
  maskedNames,
  normalizeDetail,
  normalizeError,
  openDb,
  outputLines,
  pendingEmbeddings,
  pickVector,
  prefixAgrees,
  recordResolution,
  resolutionText,
  searchErrorKB,
  searchText,
  sharesKeyword,
  similarity,
  synthErrors,
  tokens,
  weight,
  wrapperKey
};
