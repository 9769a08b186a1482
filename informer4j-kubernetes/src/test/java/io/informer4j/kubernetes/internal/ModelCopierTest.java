package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Field-by-field copies of fabric8 models of every shape the cache holds — typed models with
 * quantities, int-or-strings and Jackson trees, dynamic resources, compact objects — equal the
 * original, serialize to the same JSON, can be changed, and share no modifiable object with it.
 */
class ModelCopierTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();
  private final ModelCopier copier = new ModelCopier(JSON);

  private static final String POD = """
      {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"shop","labels":{"app":"web"},
       "annotations":{"note":"n"},"finalizers":["example.com/keep"],
       "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web","uid":"u","controller":true}],
       "managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","time":"2026-01-01T00:00:00Z",
         "fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:app":{}}}}}]},
       "spec":{"nodeName":"node-1","containers":[{"name":"web","image":"nginx","args":["-g","daemon off;"],
         "ports":[{"containerPort":80}],"resources":{"limits":{"cpu":"500m","memory":"1Gi"}},
         "livenessProbe":{"httpGet":{"path":"/","port":"http"},"periodSeconds":10}}],
         "tolerations":[{"key":"k","operator":"Exists"}]},
       "status":{"phase":"Running","conditions":[{"type":"Ready","status":"True"}]},"extra":{"any":[1,{"x":true}]}}
      """;
  private static final String DEPLOYMENT = """
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},
       "spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"strategy":{"type":"RollingUpdate",
         "rollingUpdate":{"maxSurge":"25%","maxUnavailable":1}},
         "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx"}]}}}}
      """;
  private static final String SERVICE = """
      {"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"shop"},
       "spec":{"selector":{"app":"web"},"ports":[{"port":80,"targetPort":"http"},{"port":443,"targetPort":8443}]}}
      """;
  private static final String NODE = """
      {"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1","labels":{"zone":"a"}},
       "status":{"capacity":{"cpu":"4","memory":"16Gi"},"addresses":[{"type":"InternalIP","address":"10.0.0.1"}]}}
      """;
  private static final String CRD = """
      {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},
       "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","kind":"Widget"},
         "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object",
           "x-kubernetes-preserve-unknown-fields":true,"properties":{"spec":{"type":"object",
             "default":{"size":1,"tags":["a"]},"properties":{"size":{"type":"integer","minimum":0}}}}}}}]}}
      """;
  private static final String WIDGET = """
      {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"shop","labels":{"a":"b"}},
       "spec":{"size":3,"parts":[{"name":"a"},null,[1,2.5,"x"]],"enabled":true}}
      """;

  private <T extends HasMetadata> void copiesWhole(T original) {
    String json = JSON.asJson(original);

    T copy = copier.copy(original);

    assertThat(copy).isNotSameAs(original).isEqualTo(original).hasSameClassAs(original);
    assertThat(JSON.asJson(copy)).isEqualTo(json);
    assertThat(sharedModifiable(original, copy)).isEmpty();
    copy.getMetadata().setName("changed");
    copy.getMetadata().setLabels(new HashMap<>(Map.of("x", "y")));
    assertThat(JSON.asJson(original)).isEqualTo(json);
  }

  @Test
  void typedModelsOfEveryShapeAreCopiedWhole() {
    copiesWhole(JSON.unmarshal(POD, Pod.class));
    copiesWhole(JSON.unmarshal(DEPLOYMENT, Deployment.class));
    copiesWhole(JSON.unmarshal(SERVICE, Service.class));
    copiesWhole(JSON.unmarshal(NODE, Node.class));
    copiesWhole(JSON.unmarshal(CRD, CustomResourceDefinition.class));
  }

  @Test
  void dynamicResourcesAreCopiedWholeWithModifiableContent() {
    GenericKubernetesResource widget = JSON.unmarshal(WIDGET, GenericKubernetesResource.class);
    copiesWhole(widget);
    GenericKubernetesResource copy = copier.copy(CompactObjects.compact(widget));
    Map<String, Object> spec = copy.get("spec");
    spec.put("size", 4);
    List<Object> parts = copy.get("spec", "parts");
    parts.add("more");
    assertThat(widget.<Integer>get("spec", "size")).isEqualTo(3);
  }

  @Test
  void compactObjectsBecomeOrdinaryModifiableCopies() {
    Pod pod = CompactObjects.compact(JSON.unmarshal(POD, Pod.class));
    copiesWhole(pod);
    Pod copy = copier.copy(pod);
    copy.getMetadata().getLabels().put("more", "labels");
    copy.getMetadata().getFinalizers().add("example.com/other");
    copy.getMetadata().getManagedFields().clear();
    assertThat(pod.getMetadata().getLabels()).containsOnlyKeys("app");

    ConfigMap big = new ConfigMapBuilder().withNewMetadata().withName("big")
        .endMetadata().addToData("config.yaml", "key: value\n".repeat(200)).build();
    ConfigMap compacted = CompactObjects.compact(JSON.clone(big));
    assertThat(compacted.getData()).isInstanceOf(DeflatedValues.class);
    ConfigMap copyOfBig = copier.copy(compacted);
    assertThat(copyOfBig).isEqualTo(big);
    copyOfBig.getData().put("more", "data");
  }

  /** Returns the modifiable objects (not strings, numbers, booleans or enums) both graphs hold. */
  private static List<Object> sharedModifiable(Object original, Object copy) {
    Set<Object> inOriginal = Collections.newSetFromMap(new IdentityHashMap<>());
    walk(original, inOriginal);
    Set<Object> inCopy = Collections.newSetFromMap(new IdentityHashMap<>());
    walk(copy, inCopy);
    List<Object> shared = new ArrayList<>();
    for (Object object : inCopy) {
      if (inOriginal.contains(object)) {
        shared.add(object);
      }
    }
    return shared;
  }

  /** Jackson's immutable value nodes (numbers, text, booleans, null), which Jackson itself shares. */
  private static boolean isJsonValueNode(Object value) {
    String name = value.getClass().getName();
    return name.contains(".jackson.") && name.endsWith("Node") && !name.endsWith("ObjectNode")
        && !name.endsWith("ArrayNode");
  }

  private static void walk(Object value, Set<Object> seen) {
    if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean
        || value instanceof Character || value instanceof Enum<?> || isJsonValueNode(value) || !seen.add(value)) {
      return;
    }
    if (value instanceof Map<?, ?> map) {
      map.forEach((key, entry) -> {
        walk(key, seen);
        walk(entry, seen);
      });
    } else if (value instanceof Iterable<?> iterable) {
      iterable.forEach(element -> walk(element, seen));
    } else if (value.getClass().isArray()) {
      for (int i = 0; i < Array.getLength(value); i++) {
        walk(Array.get(value, i), seen);
      }
    } else if (value.getClass().getName().startsWith("io.fabric8")) {
      for (Class<?> c = value.getClass(); c != Object.class; c = c.getSuperclass()) {
        for (Field field : c.getDeclaredFields()) {
          if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
            field.setAccessible(true);
            try {
              walk(field.get(value), seen);
            } catch (IllegalAccessException e) {
              throw new AssertionError(e);
            }
          }
        }
      }
    }
  }
}
