import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KbArticleInput, KbArticlePatch, KbCategoryBody } from '@linedesk/shared';
import { kbKeys, knowledgeBaseApi } from '../api/knowledge-base-api';

export function useKbCategories() {
  return useQuery({
    queryKey: kbKeys.categories,
    queryFn: ({ signal }) => knowledgeBaseApi.categories(signal),
  });
}

export function useKbArticles(search: string) {
  return useQuery({
    queryKey: kbKeys.articles(search),
    queryFn: ({ signal }) => knowledgeBaseApi.articles(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useKbArticle(id: number) {
  return useQuery({
    queryKey: kbKeys.article(id),
    queryFn: ({ signal }) => knowledgeBaseApi.article(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useKbMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKeys.all }),
  });
}

export const useCreateKbCategory = () =>
  useKbMutation((body: KbCategoryBody) => knowledgeBaseApi.createCategory(body));
export const useDeleteKbCategory = () => useKbMutation((id: number) => knowledgeBaseApi.removeCategory(id));
export const useCreateKbArticle = () =>
  useKbMutation((body: KbArticleInput) => knowledgeBaseApi.createArticle(body));
export const useUpdateKbArticle = () =>
  useKbMutation(({ id, body }: { id: number; body: KbArticlePatch }) =>
    knowledgeBaseApi.updateArticle(id, body),
  );

export function useDeleteKbArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => knowledgeBaseApi.removeArticle(id),
    onSuccess: (_data, id) => {
      // The open article page would otherwise refetch it and flash "not found" before leaving.
      queryClient.removeQueries({ queryKey: kbKeys.article(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: kbKeys.all });
    },
  });
}

export const useReorderKbArticles = () =>
  useKbMutation((ids: number[]) => knowledgeBaseApi.reorderArticles(ids));
