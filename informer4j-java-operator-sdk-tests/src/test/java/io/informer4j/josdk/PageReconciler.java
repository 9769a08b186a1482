package io.informer4j.josdk;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Workflow;
import io.javaoperatorsdk.operator.api.reconciler.dependent.Dependent;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;

/**
 * An operator as the Java Operator SDK's documentation writes one, with its default settings: each
 * {@link Page} gets a ConfigMap holding its HTML (a dependent resource, matched and written with
 * server-side apply, owned by the page), and its status says which generation is served (patched
 * with server-side apply through {@code /status}).
 */
@ControllerConfiguration
@Workflow(dependents = @Dependent(type = PageReconciler.PageConfigMap.class))
public class PageReconciler implements Reconciler<Page> {

  @Override
  public UpdateControl<Page> reconcile(Page page, Context<Page> context) {
    Page status = new Page();
    status.setMetadata(new ObjectMetaBuilder().withName(page.getMetadata().getName())
        .withNamespace(page.getMetadata().getNamespace()).build());
    status.setSpec(null);
    status.setStatus(new Page.Status());
    status.getStatus().setObservedGeneration(page.getMetadata().getGeneration());
    status.getStatus().setMessage("served from ConfigMap " + page.getMetadata().getName());
    return UpdateControl.patchStatus(status);
  }

  /** The page's ConfigMap: its HTML as {@code index.html}. */
  public static class PageConfigMap extends CRUDKubernetesDependentResource<ConfigMap, Page> {

    @Override
    protected ConfigMap desired(Page page, Context<Page> context) {
      return new ConfigMapBuilder().withNewMetadata().withName(page.getMetadata().getName())
          .withNamespace(page.getMetadata().getNamespace()).endMetadata()
          .addToData("index.html", page.getSpec().getHtml()).build();
    }
  }
}
